/** The owner's Delivery tab lives in ../delivery. */
export { DeliveryPanel as DeliveryTab } from '../delivery/DeliveryPanel';
