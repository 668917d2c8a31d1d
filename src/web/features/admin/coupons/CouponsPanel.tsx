import { formatPrice } from '../../../lib/format';
import { useLocale, useT } from '../../../lib/i18n';
import { ActionsTable, RowActions } from '../ui/ActionsTable';
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
      <ActionsTable
        headings={[t('admin.coupons.code'), t('admin.coupons.value'), t('admin.coupons.used'), t('admin.coupons.status')]}
        actionsHeading={t('admin.coupons.actions')}
      >
        {rows.map((coupon) => (
          <CouponRow
            key={coupon.id}
            coupon={coupon}
            onEdit={() => edit(coupon)}
            onDeactivate={() => void coupons.deactivate.mutateAsync(coupon.id)}
          />
        ))}
      </ActionsTable>
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
        <RowActions
          actions={[
            {
              text: t('admin.coupons.edit'),
              label: t('admin.coupons.editLabel', { code: coupon.code }),
              onClick: onEdit,
            },
            coupon.active && {
              text: t('admin.coupons.deactivate'),
              label: t('admin.coupons.deactivateLabel', { code: coupon.code }),
              onClick: onDeactivate,
            },
          ]}
        />
      </td>
    </tr>
  );
}
