import { Button } from '../../../components/ui/Button';
import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { type Coupon, useAdminCoupons } from './api';
import { CouponForm } from './CouponForm';
import { useCouponForm } from './use-coupon-form';

/** The admin's Coupons tab: a new coupon (or one being edited), and the list with each one's uses, Edit and Deactivate. */
export function CouponsPanel() {
  const t = useT();
  const coupons = useAdminCoupons();
  const form = useCouponForm(coupons);
  const rows = coupons.list.data?.coupons ?? [];
  const edit = (coupon: Coupon) => {
    form.edit(coupon);
    document.getElementById('coupon-form')?.scrollIntoView({ block: 'start' });
  };
  return (
    <section className="space-y-6" aria-labelledby="coupons-heading">
      <h2 id="coupons-heading" className="text-lg font-semibold text-slate-900">
        {t('admin.tabs.coupons')}
      </h2>
      <CouponForm form={form} />
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
              <CouponRow
                key={coupon.id}
                coupon={coupon}
                onEdit={() => edit(coupon)}
                onDeactivate={() => void coupons.deactivate.mutateAsync(coupon.id)}
              />
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

function CouponRow({ coupon, onEdit, onDeactivate }: { coupon: Coupon; onEdit: () => void; onDeactivate: () => void }) {
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
      <td className="py-2">
        <div className="flex justify-end gap-2">
          <Button
            type="button"
            variant="outline"
            size="sm"
            onClick={onEdit}
            aria-label={t('admin.coupons.editLabel', { code: coupon.code })}
          >
            {t('admin.coupons.edit')}
          </Button>
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
        </div>
      </td>
    </tr>
  );
}
