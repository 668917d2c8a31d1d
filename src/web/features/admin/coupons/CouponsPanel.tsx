import { Button } from '../../../components/ui/Button';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type Coupon, useAdminCoupons } from './api';
import { CouponForm } from './CouponForm';

/** The admin's Coupons tab: a new coupon, and the list with each one's uses and a Deactivate. */
export function CouponsPanel() {
  const t = useT();
  const coupons = useAdminCoupons();
  const rows = coupons.list.data?.coupons ?? [];
  return (
    <section className="space-y-6" aria-labelledby="coupons-heading">
      <h2 id="coupons-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.coupons')}
      </h2>
      <CouponForm create={coupons.create} />
      {coupons.list.isError && <p role="alert">{t('admin.coupons.loadFailed')}</p>}
      <div className="overflow-x-auto">
        <table className="w-full text-left text-sm">
          <thead className="text-slate-600">
            <tr>
              <th scope="col" className="py-2 pr-3">
                {t('admin.coupons.code')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('admin.coupons.value')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('admin.coupons.used')}
              </th>
              <th scope="col" className="py-2 pr-3">
                {t('admin.coupons.status')}
              </th>
              <th scope="col" className="py-2">
                <span className="sr-only">{t('admin.coupons.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.map((coupon) => (
              <CouponRow key={coupon.id} coupon={coupon} onDeactivate={() => void coupons.deactivate.mutateAsync(coupon.id)} />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CouponRow({ coupon, onDeactivate }: { coupon: Coupon; onDeactivate: () => void }) {
  const t = useT();
  const locale = useLocale();
  return (
    <tr className="border-t border-slate-200" data-testid={`coupon-row-${coupon.code}`}>
      <td className="py-2 pr-3 font-mono">{coupon.code}</td>
      <td className="py-2 pr-3">{coupon.type === 'percent' ? `${coupon.value}%` : formatPrice(coupon.value, locale)}</td>
      <td className="py-2 pr-3">
        {coupon.usageLimit === null ? coupon.usedCount : `${coupon.usedCount} / ${coupon.usageLimit}`}
      </td>
      <td className="py-2 pr-3">{coupon.active ? t('admin.coupons.active') : t('admin.coupons.inactive')}</td>
      <td className="py-2 text-right">
        {coupon.active && (
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onDeactivate}
            aria-label={t('admin.coupons.deactivateLabel', { code: coupon.code })}
          >
            {t('admin.coupons.deactivate')}
          </Button>
        )}
      </td>
    </tr>
  );
}
