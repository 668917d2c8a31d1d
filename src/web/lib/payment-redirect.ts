import type { PaymentRedirect } from '../../shared/payments';

/**
 * Sends the browser to the gateway where the shopper pays: eSewa takes a form POSTed
 * with exactly the fields the server signed, Khalti a page to open. Either way this page is left.
 */
export function goToPayment(payment: PaymentRedirect): void {
  if (payment.method === 'GET') {
    window.location.assign(payment.url);
    return;
  }
  const form = document.createElement('form');
  form.method = 'post';
  form.action = payment.url;
  form.hidden = true;
  for (const [name, value] of Object.entries(payment.fields ?? {})) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
}
