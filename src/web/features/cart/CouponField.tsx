import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { Button } from '../../components/ui/Button';
import { inputClasses } from '../../components/ui/TextField';
import { ApiError } from '../../lib/api';
import { useT } from '../../lib/i18n';
import type { CartCoupon } from './coupon-api';

/**
 * The coupon code of the checkout: a field and Apply, or the applied code with Remove. The server
 * says why a code does not apply (in the page's language); the field shows it under itself.
 */
export function CouponField({ coupon }: { coupon: CartCoupon }) {
  const t = useT();
  const id = useId();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLParagraphElement>(null);
  // The field sits at the foot of the drawer's scrolling part: the reason would be just out of view.
  useEffect(() => {
    if (error) errorRef.current?.scrollIntoView({ block: 'nearest' });
  }, [error]);

  const apply = async () => {
    if (code.trim() === '') return;
    setError(null);
    try {
      await coupon.apply.mutateAsync(code);
      setCode('');
    } catch (failure) {
      setError(failure instanceof ApiError ? (failure.serverMessage ?? t('cart.coupon.failed')) : t('cart.coupon.failed'));
    }
  };
  // Enter in this field applies the code; it must not place the order the form around it sends.
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    void apply();
  };

  if (coupon.code) {
    return (
      <div
        className="flex items-center justify-between gap-3 rounded-lg bg-emerald-50 px-3 py-2 text-sm"
        data-testid="coupon-applied"
      >
        <span className="text-emerald-900">
          {t('cart.coupon.applied', { code: coupon.code })}
          {coupon.problem && <span className="mt-0.5 block text-xs text-amber-800">{coupon.problem}</span>}
        </span>
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => void coupon.remove.mutateAsync()}
          loading={coupon.remove.isPending}
        >
          {t('cart.coupon.remove')}
        </Button>
      </div>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="mb-1.5 block text-sm font-medium text-slate-700">
        {t('cart.coupon.label')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          onKeyDown={onKeyDown}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={64}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className={`${inputClasses} ${error ? 'border-red-500' : 'border-slate-300'} min-w-0 flex-1`}
          data-testid="coupon-input"
        />
        <Button type="button" variant="outline" onClick={() => void apply()} loading={coupon.apply.isPending}>
          {t('cart.coupon.apply')}
        </Button>
      </div>
      {error && (
        <p ref={errorRef} id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
