import { useQuery } from '@tanstack/react-query';
import type { PaymentOptions } from '../../shared/payments';
import { PAYMENT_SANDBOX_DATA_KEY } from '../../shared/sandbox';
import { apiGet } from '../lib/api';
import { useT } from '../lib/i18n';
import { initialData } from '../lib/initial-data';

/**
 * Whether the payment sandbox is on. The server writes it into every page it serves while it is
 * (so the ribbon is in the first paint, the server's render included); without it the sandbox is
 * off. The Vite dev server's pages carry no data, so there the payment options are asked.
 */
function usePaymentSandbox(): boolean {
  const embedded = initialData<boolean>(PAYMENT_SANDBOX_DATA_KEY) === true;
  const { data } = useQuery({
    queryKey: ['payment-options'],
    queryFn: () => apiGet<PaymentOptions>('/api/orders/payment-options'),
    staleTime: 5 * 60_000,
    enabled: import.meta.env.DEV && !embedded,
  });
  return embedded || data?.sandbox === true;
}

/**
 * A ribbon above every page (shop, account and admin) while the payment sandbox takes online
 * payments: they are tests and no money moves. In the flow of the page, never over its content.
 */
export function SandboxRibbon() {
  const t = useT();
  if (!usePaymentSandbox()) return null;
  return (
    <aside
      aria-label={t('common.sandbox.label')}
      data-testid="sandbox-ribbon"
      className="border-b-2 border-amber-600 bg-amber-300 px-4 py-1.5 text-center text-sm font-semibold text-slate-950 print:hidden"
    >
      <p>{t('common.sandbox.ribbon')}</p>
    </aside>
  );
}
