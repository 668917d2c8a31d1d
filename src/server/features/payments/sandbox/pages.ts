import { formatPaisa } from '../../../../shared/money.js';
import { escapeHtml } from '../../../lib/escape-html.js';

/**
 * The sandbox's HTML pages. Self-contained: no external assets and no scripts (the shop's CSP
 * allows scripts from 'self' only; inline styles are allowed). Every button is a plain form POST,
 * so the pages work in any browser and in Playwright without JavaScript.
 */

export interface CheckoutPage {
  gateway: 'eSewa' | 'Khalti';
  amountPaisa: number;
  /** Label/value lines shown under the amount (product code, order name, …). */
  lines: Array<[string, string]>;
  payAction: string;
  cancelAction: string;
}

export function checkoutPage(page: CheckoutPage): string {
  const title = `${page.gateway} sandbox`;
  const lines = page.lines.map(([label, value]) => `<dt>${escapeHtml(label)}</dt><dd>${escapeHtml(value)}</dd>`).join('');
  return layout(
    title,
    page.gateway,
    `<h1>${escapeHtml(title)}</h1>
    <p class="note">A stand-in for ${escapeHtml(page.gateway)}: no real money moves.</p>
    <p class="amount" data-testid="sandbox-amount">${escapeHtml(formatPaisa(page.amountPaisa))}</p>
    <dl>${lines}</dl>
    <div class="actions">
      <form method="post" action="${escapeHtml(page.payAction)}"><button type="submit" class="pay">Pay</button></form>
      <form method="post" action="${escapeHtml(page.cancelAction)}"><button type="submit" class="cancel">Cancel</button></form>
    </div>`,
  );
}

/** A page that only says something (a refused request, a payment already finished). */
export function messagePage(gateway: 'eSewa' | 'Khalti', heading: string, message: string): string {
  const title = `${gateway} sandbox`;
  return layout(title, gateway, `<h1>${escapeHtml(title)}</h1><h2>${escapeHtml(heading)}</h2><p>${escapeHtml(message)}</p>`);
}

const ACCENT = { eSewa: '#41a124', Khalti: '#5c2d91' } as const;

function layout(title: string, gateway: 'eSewa' | 'Khalti', body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>
  body { font-family: system-ui, sans-serif; background: #f4f4f5; margin: 0; padding: 2rem 1rem; color: #18181b; }
  main { max-width: 26rem; margin: 0 auto; background: #fff; border-radius: 0.75rem; padding: 1.5rem;
    box-shadow: 0 1px 3px rgb(0 0 0 / 0.12); border-top: 0.4rem solid ${ACCENT[gateway]}; }
  h1 { font-size: 1.25rem; margin: 0 0 0.25rem; color: ${ACCENT[gateway]}; }
  h2 { font-size: 1.05rem; }
  .note { color: #52525b; font-size: 0.9rem; margin: 0 0 1rem; }
  .amount { font-size: 2rem; font-weight: 700; margin: 0.5rem 0 1rem; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: 0.25rem 0.75rem; font-size: 0.9rem; margin: 0 0 1.5rem; }
  dt { color: #52525b; } dd { margin: 0; overflow-wrap: anywhere; }
  .actions { display: flex; gap: 0.75rem; } .actions form { flex: 1; }
  button { width: 100%; padding: 0.75rem; font-size: 1rem; border-radius: 0.5rem; cursor: pointer; border: 1px solid #a1a1aa; background: #fff; }
  button.pay { background: ${ACCENT[gateway]}; border-color: ${ACCENT[gateway]}; color: #fff; font-weight: 600; }
  button:focus-visible { outline: 3px solid #2563eb; outline-offset: 2px; }
</style>
</head>
<body><main>${body}</main></body>
</html>
`;
}
