import { CouriersPanel } from '../delivery/CouriersPanel';
import { DeliveryPanel } from '../delivery/DeliveryPanel';

/** The owner's Delivery tab: the couriers, then delivery by district (both in ../delivery). */
export function DeliveryTab() {
  return (
    <div className="space-y-8">
      <CouriersPanel />
      <DeliveryPanel />
    </div>
  );
}
