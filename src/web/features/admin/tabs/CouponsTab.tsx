import { CampaignsPanel } from '../campaigns/CampaignsPanel';
import { CouponsPanel } from '../coupons/CouponsPanel';

/** The admin's Coupons tab: the promotions, coupon codes (../coupons) and campaigns of sale prices (../campaigns). */
export function CouponsTab() {
  return (
    <div className="space-y-10">
      <CouponsPanel />
      <CampaignsPanel />
    </div>
  );
}
