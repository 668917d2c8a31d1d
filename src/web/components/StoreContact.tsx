import { useT } from '../lib/i18n';
import { viberHref, whatsAppHref } from '../lib/store-contact';

/** The dot between two contact links. */
export const separator = (
  <span aria-hidden="true" className="text-slate-400">
    ·
  </span>
);

/**
 * 'WhatsApp · Viber': chats with the shop on its mobile number (the footer and the product page).
 * Each link's name says what it does and starts with the words it shows (WCAG's label in name).
 */
export function ChatLinks({ phone, shop, linkClassName }: { phone: string; shop: string; linkClassName: string }) {
  const t = useT();
  return (
    <>
      <a
        href={whatsAppHref(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={t('common.contact.whatsapp', { shop })}
        className={linkClassName}
      >
        WhatsApp
      </a>
      {separator}
      <a href={viberHref(phone)} aria-label={t('common.contact.viber', { shop })} className={linkClassName}>
        Viber
      </a>
    </>
  );
}
