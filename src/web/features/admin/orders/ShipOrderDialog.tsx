import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { type Order, formatOrderId, orderItemName } from '../../../../shared/orders';
import type { Courier, ShippingInput } from '../../../../shared/shipping';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { apiGet } from '../../../lib/api';
import { useT } from '../../../lib/i18n';

/** GET /api/admin/couriers: the owner's list, for the ship form. */
function useCouriers(enabled: boolean) {
  return useQuery({
    queryKey: ['admin', 'couriers'],
    queryFn: ({ signal }) => apiGet<{ couriers: Courier[] }>('/api/admin/couriers', { auth: 'admin', signal }),
    enabled,
    staleTime: 60_000,
  });
}

const fieldClass = 'h-9 w-full rounded-lg border border-control bg-white px-2 text-sm text-slate-900 focus-visible:border-focus';

/**
 * Shipping an order asks for the courier, its tracking number and each unit's serial or IMEI
 * (all optional here: the server says which goods cannot ship without them, and why).
 */
export function ShipOrderDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: Order;
  busy: boolean;
  onConfirm: (shipping: ShippingInput) => void;
  onClose: () => void;
}) {
  const t = useT();
  const ids = useId();
  const couriers = useCouriers(true);
  const [courier, setCourier] = useState('');
  const [tracking, setTracking] = useState('');
  const [serials, setSerials] = useState<Record<number, string[]>>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const lines = order.orderItems
      .map((item) => ({ orderItemId: item.id, serials: (serials[item.id] ?? []).map((s) => s.trim()).filter(Boolean) }))
      .filter((line) => line.serials.length > 0);
    onConfirm({
      ...(courier ? { courier: Number(courier) } : {}),
      ...(tracking.trim() ? { trackingNumber: tracking.trim() } : {}),
      ...(lines.length > 0 ? { serials: lines } : {}),
    });
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={t('admin.ship.title', { orderId: formatOrderId(order.id) })}
      description={t('admin.ship.description')}
      closeLabel={t('admin.ship.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('admin.ship.cancel')}
          </Button>
          <Button type="submit" form={`${ids}-form`} loading={busy}>
            {t('admin.ship.confirm')}
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-3 text-sm">
        <div className="grid gap-3 sm:grid-cols-2">
          <div>
            <label htmlFor={`${ids}-courier`} className="mb-1.5 block font-medium text-slate-700">
              {t('admin.ship.courier')}
            </label>
            <select
              id={`${ids}-courier`}
              value={courier}
              onChange={(event) => setCourier(event.target.value)}
              className={fieldClass}
            >
              <option value="">{t('admin.ship.noCourier')}</option>
              {(couriers.data?.couriers ?? []).map((option) => (
                <option key={option.id} value={option.id}>
                  {option.name}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor={`${ids}-tracking`} className="mb-1.5 block font-medium text-slate-700">
              {t('admin.ship.tracking')}
            </label>
            <input
              id={`${ids}-tracking`}
              value={tracking}
              maxLength={60}
              onChange={(event) => setTracking(event.target.value)}
              className={fieldClass}
            />
          </div>
        </div>
        {order.orderItems.map((item) => (
          <fieldset key={item.id} className="rounded-lg border border-slate-200 p-2">
            <legend className="px-1 font-medium text-slate-800">{orderItemName(item)}</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {Array.from({ length: Math.min(item.quantity, 50) }, (_, unit) => (
                <div key={unit}>
                  <label htmlFor={`${ids}-${item.id}-${unit}`} className="mb-1 block text-xs text-slate-600">
                    {t('admin.ship.serial', { unit: unit + 1 })}
                  </label>
                  <input
                    id={`${ids}-${item.id}-${unit}`}
                    value={serials[item.id]?.[unit] ?? ''}
                    maxLength={60}
                    onChange={(event) =>
                      setSerials((current) => {
                        const list = [...(current[item.id] ?? Array<string>(item.quantity).fill(''))];
                        list[unit] = event.target.value;
                        return { ...current, [item.id]: list };
                      })
                    }
                    className={`${fieldClass} font-mono`}
                  />
                </div>
              ))}
            </div>
          </fieldset>
        ))}
      </form>
    </Dialog>
  );
}
