import { type FormEvent, useId, useState } from 'react';
import { isForward } from '../../../../shared/order-steps';
import {
  CANCEL_REASON_MAX,
  ORDER_STATUSES,
  type Order,
  type OrderStatus,
  formatOrderId,
  reasonSchema,
} from '../../../../shared/orders';
import { validationMessage } from '../../../../shared/validation-ne';
import { statusLabel } from '../../../components/orders/order-status';
import { Button } from '../../../components/ui/Button';
import { Dialog } from '../../../components/ui/Dialog';
import { useLocale, useT } from '../../../lib/i18n';

/** Where an order may be taken back to: every status that is not a forward move from its own. */
export function backFrom(status: OrderStatus): OrderStatus[] {
  return ORDER_STATUSES.filter((to) => to !== status && !isForward(status, to));
}

const fieldClass = 'block w-full rounded-lg border bg-white px-3 text-base text-slate-900 focus-visible:border-focus sm:text-sm';

/**
 * Taking an order back a step (or reopening a cancelled one, or cancelling a delivered one): the
 * status it goes back to, why (required, kept in its history) and a tick that the admin means it.
 * The shopper is not mailed: it is a correction, not progress.
 */
export function TakeBackDialog({
  order,
  busy,
  onConfirm,
  onClose,
}: {
  order: Pick<Order, 'id' | 'status'>;
  busy: boolean;
  onConfirm: (status: OrderStatus, reason: string) => void;
  onClose: () => void;
}) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const targets = backFrom(order.status);
  const [status, setStatus] = useState<OrderStatus | ''>(targets[0] ?? '');
  const [reason, setReason] = useState('');
  const [meant, setMeant] = useState(false);
  const [errors, setErrors] = useState<{ reason?: string; confirm?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy || !status) return;
    const parsed = reasonSchema.safeParse(reason);
    const found = {
      reason: parsed.success
        ? undefined
        : reason.trim()
          ? validationMessage(parsed.error.issues[0]?.message ?? '', locale)
          : t('admin.takeBack.reasonRequired'),
      confirm: meant ? undefined : t('admin.takeBack.confirmRequired'),
    };
    setErrors(found);
    if (!parsed.success || !meant) return;
    onConfirm(status, parsed.data);
  };

  return (
    <Dialog
      open
      onClose={() => !busy && onClose()}
      title={t('admin.takeBack.title', { orderId: formatOrderId(order.id) })}
      description={t('admin.takeBack.description', { status: statusLabel(order.status, t) })}
      closeLabel={t('admin.takeBack.close')}
      footer={
        <>
          <Button variant="outline" onClick={onClose} disabled={busy}>
            {t('admin.takeBack.cancel')}
          </Button>
          <Button variant="danger" type="submit" form={`${ids}-form`} loading={busy}>
            {t('admin.takeBack.confirm')}
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-3 text-sm">
        <div>
          <label htmlFor={`${ids}-status`} className="mb-1.5 block font-medium text-slate-700">
            {t('admin.takeBack.status')}
          </label>
          <select
            id={`${ids}-status`}
            value={status}
            onChange={(event) => setStatus(event.target.value as OrderStatus)}
            className={`${fieldClass} h-10 border-control`}
          >
            {targets.map((value) => (
              <option key={value} value={value}>
                {statusLabel(value, t)}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-reason`} className="mb-1.5 block font-medium text-slate-700">
            {t('admin.takeBack.reason')}
          </label>
          <textarea
            id={`${ids}-reason`}
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              setErrors((current) => ({ ...current, reason: undefined }));
            }}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${ids}-reason-error` : undefined}
            className={`${fieldClass} py-2 ${errors.reason ? 'border-red-500' : 'border-control'}`}
          />
          {errors.reason && (
            <p id={`${ids}-reason-error`} role="alert" className="mt-1 font-medium text-red-600">
              {errors.reason}
            </p>
          )}
        </div>
        <div>
          <label className="flex items-start gap-2 text-slate-700">
            <input
              type="checkbox"
              className="mt-0.5 size-4"
              checked={meant}
              onChange={(event) => {
                setMeant(event.target.checked);
                setErrors((current) => ({ ...current, confirm: undefined }));
              }}
              aria-invalid={errors.confirm ? true : undefined}
              aria-describedby={errors.confirm ? `${ids}-confirm-error` : undefined}
            />
            {t('admin.takeBack.meant')}
          </label>
          {errors.confirm && (
            <p id={`${ids}-confirm-error`} role="alert" className="mt-1 font-medium text-red-600">
              {errors.confirm}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
