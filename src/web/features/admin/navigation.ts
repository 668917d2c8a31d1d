import { createContext, useContext } from 'react';
import type { OrderStatus } from '../../../shared/orders';
import type { PaymentStatus } from '../../../shared/payments';

/** What the Orders tab opens filtered by when another tab sends the admin there (the Dashboard's waiting orders). */
export interface OrdersFilter {
  status?: OrderStatus;
  paymentStatus?: PaymentStatus;
}

export interface AdminNavigation {
  /** Switches to the Orders tab, filtered (the filter goes into the address, as if chosen there). */
  openOrders: (filter: OrdersFilter) => void;
}

/** Given by AdminPage to its tabs, so one tab can lead to another without importing it. */
export const AdminNavigationContext = createContext<AdminNavigation>({ openOrders: () => {} });

export function useAdminNavigation(): AdminNavigation {
  return useContext(AdminNavigationContext);
}
