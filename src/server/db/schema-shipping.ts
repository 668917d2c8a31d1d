import type { ColumnType, Generated } from 'kysely';

/** Couriers, shipments and units' serials (migration 047, ADR 0053). */
export interface ShippingTables {
  couriers: CouriersTable;
  order_shipments: OrderShipmentsTable;
  order_item_serials: OrderItemSerialsTable;
}

/** The owner's couriers; a removed one keeps its row so the orders it carried still name it. */
export interface CouriersTable {
  id: Generated<number>;
  name: string;
  /** An address with {tracking} where the tracking number goes. */
  tracking_url: string;
  created_at: string;
  deleted_at: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface OrderShipmentsTable {
  order_id: string;
  courier_id: number;
  tracking_number: string;
  shipped_at: string;
}

export interface OrderItemSerialsTable {
  order_item_id: number;
  /** 0 … quantity − 1: the unit of the line. */
  position: number;
  order_id: string;
  serial: string;
  /** The product's warranty months when it shipped; null: none counted. */
  warranty_months: number | null;
}
