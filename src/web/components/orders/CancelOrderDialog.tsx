import { type FormEvent, useId, useRef, useState } from 'react';
import { CANCEL_REASON_MAX, CANCEL_REASON_MIN, type Order, cancelOrderSchema, formatOrderId } from '../../../shared/orders';
import { localDigits } from '../../../shared/locale';
import { validationMessage } from '../../../shared/validation-ne';
import { Button } from '../ui/Button';
import { Dialog } from '../ui/Dialog';
import { formatPrice } from '../../lib/format';
import { formatOrderDate } from '../../lib/order-dates';
import { type MessageId, useLocale, useT } from '../../lib/i18n';
import { Msg } from '../../lib/msg';
import { paymentMethodLabel } from './PaymentBadge';

/** Quick picks that fill in the reason (the shopper may still change the words). */
const SHOPPER_REASONS = [
  'orders.cancel.reason.mistake',
  'orders.cancel.reason.cheaper',
  'orders.cancel.reason.change',
  'orders.cancel.reason.slow',
] as const satisfies readonly MessageId[];
const ADMIN_REASONS = [
  'orders.cancel.reason.outOfStock',
  'orders.cancel.reason.customerAsked',
  'orders.cancel.reason.unreachable',
] as const satisfies readonly MessageId[];

export interface CancelOrderDialogProps {
  open: boolean;
  order: Pick<Order, 'id' | 'totalAmount' | 'createdAt' | 'paymentStatus' | 'paymentMethod'>;
  /** The shopper cancels their own order; the admin cancels one for the shop (and names its customer). */
  audience: 'shopper' | 'admin';
  customer?: string;
  busy: boolean;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/**
 * Cancelling an order asks why first: the order and its amount in the title
 * and the line under it, a few common reasons that fill in the text, and the reason itself (3 to 300
 * characters, the API's own rule: cancelOrderSchema). A paid order says its money will go back.
 */
export function CancelOrderDialog({ open, order, audience, customer, busy, onConfirm, onClose }: CancelOrderDialogProps) {
  const t = useT();
  const locale = useLocale();
  const ids = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);

  const amount = formatPrice(order.totalAmount, locale);
  const date = formatOrderDate(order.createdAt, locale);
  const paid = order.paymentStatus === 'paid';
  const method = paymentMethodLabel(order.paymentMethod, t);
  const suggestions = audience === 'shopper' ? SHOPPER_REASONS : ADMIN_REASONS;

  const close = () => {
    if (busy) return;
    setReason('');
    setError(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (busy) return;
    const parsed = cancelOrderSchema.safeParse({ reason });
    if (!parsed.success) {
      setError(validationMessage(parsed.error.issues[0]?.message ?? '', locale));
      textRef.current?.focus();
      return;
    }
    onConfirm(parsed.data.reason);
  };

  const described = [`${ids}-hint`, error ? `${ids}-error` : ''].filter(Boolean).join(' ');
  return (
    <Dialog
      open={open}
      onClose={close}
      title={
        <Msg
          id="orders.cancel.title"
          values={{ orderId: formatOrderId(order.id) }}
          components={{ 0: <span className="whitespace-nowrap" /> }}
        />
      }
      description={
        customer ? t('orders.cancel.summaryFor', { customer, amount, date }) : t('orders.cancel.summary', { amount, date })
      }
      closeLabel={t('orders.cancel.close')}
      footer={
        <>
          <Button variant="outline" onClick={close} disabled={busy}>
            {t('orders.cancel.keep')}
          </Button>
          <Button variant="danger" type="submit" form={`${ids}-form`} loading={busy}>
            {t('orders.cancel.confirm')}
          </Button>
        </>
      }
    >
      <form id={`${ids}-form`} onSubmit={submit} noValidate className="space-y-3">
        {paid && (
          <p
            className="rounded-lg border border-orange-200 bg-orange-50 px-3 py-2 text-sm text-orange-900"
            data-testid="cancel-refund"
          >
            {audience === 'shopper'
              ? t('orders.cancel.refundShopper', { amount, method })
              : t('orders.cancel.refundAdmin', { amount, method })}
          </p>
        )}
        <div role="group" aria-labelledby={`${ids}-picks`}>
          <p id={`${ids}-picks`} className="mb-1.5 text-sm font-medium text-slate-700">
            {t('orders.cancel.common')}
          </p>
          <div className="flex flex-wrap gap-2">
            {suggestions.map((id) => (
              <Button
                key={id}
                variant="outline"
                size="xs"
                className="rounded-full"
                onClick={() => {
                  setReason(t(id));
                  setError(null);
                  textRef.current?.focus();
                }}
              >
                {t(id)}
              </Button>
            ))}
          </div>
        </div>
        <div>
          <label htmlFor={`${ids}-reason`} className="mb-1.5 block text-sm font-medium text-slate-700">
            {audience === 'shopper' ? t('orders.cancel.reasonLabel') : t('orders.cancel.reasonLabelAdmin')}
          </label>
          <textarea
            ref={textRef}
            id={`${ids}-reason`}
            name="reason"
            rows={3}
            maxLength={CANCEL_REASON_MAX}
            value={reason}
            onChange={(event) => {
              setReason(event.target.value);
              if (error) setError(null);
            }}
            aria-invalid={error ? true : undefined}
            aria-describedby={described}
            className={`block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus-visible:border-focus sm:text-sm ${
              error ? 'border-red-500' : 'border-control'
            }`}
          />
          <p id={`${ids}-hint`} className="mt-1 flex justify-between gap-3 text-xs text-slate-500">
            <span>
              {t('orders.cancel.hint', {
                min: localDigits(String(CANCEL_REASON_MIN), locale),
                max: localDigits(String(CANCEL_REASON_MAX), locale),
              })}
            </span>
            <span aria-hidden="true">
              {localDigits(String(reason.length), locale)}/{localDigits(String(CANCEL_REASON_MAX), locale)}
            </span>
          </p>
          {error && (
            <p id={`${ids}-error`} role="alert" className="mt-1 text-sm font-medium text-red-600">
              {error}
            </p>
          )}
        </div>
      </form>
    </Dialog>
  );
}
