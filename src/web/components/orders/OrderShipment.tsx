import ExternalLink from 'lucide-react/icons/external-link';
import { localDigits } from '../../../shared/locale';
import type { OrderDetail } from '../../../shared/orders';
import { useLocale, useT } from '../../lib/i18n';

/**
 * A shipped order's courier with a link to its tracking page, and each unit's serial (IMEI) with
 * the day its warranty ends, in Bikram Sambat and AD. Nothing when the order has neither.
 */
export function OrderShipment({ order }: { order: Pick<OrderDetail, 'id' | 'shipment' | 'orderItems'> }) {
  const t = useT();
  const locale = useLocale();
  const lines = order.orderItems.filter((item) => (item.units ?? []).length > 0);
  if (!order.shipment && lines.length === 0) return null;
  const headingId = `order-shipment-${order.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white p-3 text-sm"
      data-testid="order-shipment"
    >
      <h4 id={headingId} className="mb-2 text-xs font-semibold tracking-wide text-slate-600 uppercase">
        {t('orders.shipment.title')}
      </h4>
      {order.shipment && (
        <p className="mb-2 break-words text-slate-700">
          {t('orders.shipment.courier', { courier: order.shipment.courier })}{' '}
          <a
            href={order.shipment.trackingUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="inline-flex items-center gap-1 font-medium text-amber-800 underline"
          >
            {t('orders.shipment.track', { number: order.shipment.trackingNumber })}
            <ExternalLink aria-hidden="true" className="size-3.5" />
          </a>
        </p>
      )}
      {lines.length > 0 && (
        <ul className="space-y-2">
          {lines.map((item) => (
            <li key={item.id}>
              <p className="font-medium text-slate-900">{item.product.name}</p>
              <ul className="mt-1 space-y-1">
                {item.units.map((unit) => (
                  <li key={unit.serial} className="rounded bg-slate-50 px-2 py-1 text-slate-700">
                    <span className="font-mono break-all">{t('orders.shipment.serial', { serial: unit.serial })}</span>
                    {unit.warrantyEnds && (
                      <span className="block text-xs text-slate-600">
                        {t('orders.shipment.warrantyEnds', {
                          bs: localDigits(unit.warrantyEndsBs ?? '', locale),
                          ad: localDigits(unit.warrantyEnds, locale),
                        })}
                      </span>
                    )}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
