import type { AlertKind } from '../../../shared/alerts.js';
import type { Locale } from '../../../shared/locale.js';
import { escapeHtml } from '../../lib/escape-html.js';
import type { MailMessage } from '../../lib/mail.js';

/**
 * The alert mails in English and Nepali. Each carries the one-click unsubscribe of its kind: the
 * List-Unsubscribe header (the https link), List-Unsubscribe-Post (RFC 8058), and the same link
 * in the text, which opens a page that asks to confirm.
 */

export interface BackInStockMail {
  to: string;
  firstName: string;
  language: Locale;
  productName: string;
  variantLabel: string | null;
  productUrl: string;
  unsubscribeUrl: string;
}

const WORDS = {
  en: {
    subject: (name: string) => `Back in stock: ${name}`,
    hello: (first: string) => `Hello ${first},`,
    back: (name: string) => `${name} is back in stock at Pasal.`,
    order: 'Order it here:',
    once: 'You asked us to tell you once; this request has now ended.',
    unsubscribe: 'Stop back-in-stock emails:',
  },
  ne: {
    subject: (name: string) => `फेरि स्टकमा: ${name}`,
    hello: (first: string) => `नमस्ते ${first},`,
    back: (name: string) => `${name} पसलमा फेरि स्टकमा आएको छ।`,
    order: 'यहाँबाट अर्डर गर्नुहोस्:',
    once: 'तपाईंले एक पटक खबर गर्न भन्नुभएको थियो; यो अनुरोध अब सकियो।',
    unsubscribe: 'फेरि स्टकमा आएको इमेल बन्द गर्न:',
  },
} as const;

export function unsubscribeHeaders(url: string): Record<string, string> {
  return { 'List-Unsubscribe': `<${url}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' };
}

export function backInStockMail(mail: BackInStockMail): MailMessage {
  const w = WORDS[mail.language];
  const name = mail.variantLabel ? `${mail.productName} (${mail.variantLabel})` : mail.productName;
  const lines = [w.hello(mail.firstName), '', w.back(name), `${w.order} ${mail.productUrl}`, '', w.once, '', `${w.unsubscribe} ${mail.unsubscribeUrl}`];
  const html = [
    `<p>${escapeHtml(w.hello(mail.firstName))}</p>`,
    `<p>${escapeHtml(w.back(name))} <a href="${escapeHtml(mail.productUrl)}">${escapeHtml(w.order)}</a></p>`,
    `<p>${escapeHtml(w.once)}</p>`,
    `<p><small>${escapeHtml(w.unsubscribe)} <a href="${escapeHtml(mail.unsubscribeUrl)}">${escapeHtml(mail.unsubscribeUrl)}</a></small></p>`,
  ].join('\n');
  return {
    to: mail.to,
    subject: w.subject(name),
    text: lines.join('\n'),
    html,
    headers: unsubscribeHeaders(mail.unsubscribeUrl),
  };
}

export interface PriceDropMail {
  to: string;
  firstName: string;
  language: Locale;
  productName: string;
  wasRupees: string;
  nowRupees: string;
  productUrl: string;
  unsubscribeUrl: string;
}

const DROP_WORDS = {
  en: {
    subject: (name: string) => `Price drop: ${name}`,
    hello: (first: string) => `Hello ${first},`,
    fell: (name: string, was: string, now: string) => `${name}, in your favourites, now costs ${now} (was ${was}).`,
    see: 'See it here:',
    daily: 'We send at most one price-drop email a day.',
    unsubscribe: 'Stop price-drop emails:',
  },
  ne: {
    subject: (name: string) => `मूल्य घट्यो: ${name}`,
    hello: (first: string) => `नमस्ते ${first},`,
    fell: (name: string, was: string, now: string) => `तपाईंको मनपर्ने सूचीको ${name} अब ${now} मा पाइन्छ (पहिले ${was})।`,
    see: 'यहाँ हेर्नुहोस्:',
    daily: 'हामी दिनमा बढीमा एउटा मूल्य घटेको इमेल पठाउँछौं।',
    unsubscribe: 'मूल्य घटेको इमेल बन्द गर्न:',
  },
} as const;

export function priceDropMail(mail: PriceDropMail): MailMessage {
  const w = DROP_WORDS[mail.language];
  const fell = w.fell(mail.productName, mail.wasRupees, mail.nowRupees);
  const lines = [w.hello(mail.firstName), '', fell, `${w.see} ${mail.productUrl}`, '', w.daily, '', `${w.unsubscribe} ${mail.unsubscribeUrl}`];
  const html = [
    `<p>${escapeHtml(w.hello(mail.firstName))}</p>`,
    `<p>${escapeHtml(fell)} <a href="${escapeHtml(mail.productUrl)}">${escapeHtml(w.see)}</a></p>`,
    `<p>${escapeHtml(w.daily)}</p>`,
    `<p><small>${escapeHtml(w.unsubscribe)} <a href="${escapeHtml(mail.unsubscribeUrl)}">${escapeHtml(mail.unsubscribeUrl)}</a></small></p>`,
  ].join('\n');
  return { to: mail.to, subject: w.subject(mail.productName), text: lines.join('\n'), html, headers: unsubscribeHeaders(mail.unsubscribeUrl) };
}

export interface CartReminderMail {
  to: string;
  firstName: string;
  language: Locale;
  names: string[];
  more: number;
  cartUrl: string;
  unsubscribeUrl: string;
}

const CART_WORDS = {
  en: {
    subject: 'Your cart at Pasal is waiting',
    hello: (first: string) => `Hello ${first},`,
    left: 'You left these in your cart:',
    more: (n: number) => `and ${n} more`,
    open: 'Open your cart:',
    weekly: 'We send at most one cart reminder a week.',
    unsubscribe: 'Stop cart reminders:',
  },
  ne: {
    subject: 'Pasal मा तपाईंको कार्ट पर्खिरहेको छ',
    hello: (first: string) => `नमस्ते ${first},`,
    left: 'तपाईंले कार्टमा यी सामान छोड्नुभएको छ:',
    more: (n: number) => `र थप ${n}`,
    open: 'कार्ट खोल्नुहोस्:',
    weekly: 'हामी हप्तामा बढीमा एउटा कार्ट सम्झना पठाउँछौं।',
    unsubscribe: 'कार्ट सम्झना बन्द गर्न:',
  },
} as const;

export function cartReminderMail(mail: CartReminderMail): MailMessage {
  const w = CART_WORDS[mail.language];
  const items = [...mail.names.map((name) => `- ${name}`), ...(mail.more > 0 ? [`- ${w.more(mail.more)}`] : [])];
  const lines = [w.hello(mail.firstName), '', w.left, ...items, '', `${w.open} ${mail.cartUrl}`, '', w.weekly, '', `${w.unsubscribe} ${mail.unsubscribeUrl}`];
  const html = [
    `<p>${escapeHtml(w.hello(mail.firstName))}</p>`,
    `<p>${escapeHtml(w.left)}</p><ul>${items.map((item) => `<li>${escapeHtml(item.slice(2))}</li>`).join('')}</ul>`,
    `<p><a href="${escapeHtml(mail.cartUrl)}">${escapeHtml(w.open)}</a></p>`,
    `<p>${escapeHtml(w.weekly)}</p>`,
    `<p><small>${escapeHtml(w.unsubscribe)} <a href="${escapeHtml(mail.unsubscribeUrl)}">${escapeHtml(mail.unsubscribeUrl)}</a></small></p>`,
  ].join('\n');
  return { to: mail.to, subject: w.subject, text: lines.join('\n'), html, headers: unsubscribeHeaders(mail.unsubscribeUrl) };
}

/** The confirm page of an unsubscribe link: one button that POSTs the same address (no script). */
export function unsubscribePage(language: Locale, kind: AlertKind, action: string, done: boolean): string {
  const names: Record<Locale, Record<AlertKind, string>> = {
    en: { 'back-in-stock': 'back-in-stock emails', 'price-drop': 'price-drop emails', 'cart-reminder': 'cart reminders' },
    ne: { 'back-in-stock': 'फेरि स्टकमा आएको इमेल', 'price-drop': 'मूल्य घटेको इमेल', 'cart-reminder': 'कार्ट सम्झना इमेल' },
  };
  const what = names[language][kind];
  const title = language === 'ne' ? 'अनसब्स्क्राइब' : 'Unsubscribe';
  const body = done
    ? language === 'ne'
      ? `तपाईंलाई अब ${what} पठाइने छैन। खाताको Account ट्याबबाट फेरि खोल्न सक्नुहुन्छ।`
      : `You will get no more ${what}. You can turn them on again in your account's Account tab.`
    : language === 'ne'
      ? `${what} बन्द गर्ने?`
      : `Stop ${what}?`;
  const button = language === 'ne' ? 'बन्द गर्नुहोस्' : 'Unsubscribe';
  const form = done
    ? ''
    : `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="font:inherit;padding:.6em 1.2em">${button}</button></form>`;
  return `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${title} – Pasal</title></head><body style="font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem"><main><h1>${title}</h1><p>${escapeHtml(body)}</p>${form}</main></body></html>`;
}
