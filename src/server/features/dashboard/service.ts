import {
  DASHBOARD_MAX_DAYS,
  DASHBOARD_MESSAGES,
  DEFAULT_DASHBOARD_PERIOD,
  DEFAULT_LOW_STOCK_THRESHOLD,
  NEPAL_TIME_ZONE,
  STOCK_PRODUCTS_SHOWN,
  TOP_COUPONS,
  TOP_PRODUCTS,
  WAITING_ORDERS_SHOWN,
  type Dashboard,
  type DashboardQuery,
  type StockProduct,
  type TopProduct,
  type WaitingGroup,
  addDays,
  daysInRange,
  nepalDay,
  nepalDayStart,
  periodRange,
} from '../../../shared/dashboard.js';
import { ORDER_STATUSES, soldName } from '../../../shared/orders.js';
import { PAYMENT_METHODS, type PaymentMethodId, type PaymentStatus } from '../../../shared/payments.js';
import type { AppContext } from '../../context.js';
import { badRequest } from '../../lib/errors.js';
import { overdueRefunds, REFUND_OVERDUE_DAYS } from './refund-overdue.js';
import * as q from './queries.js';
import * as sq from './stock-queries.js';

const rupees = (paisa: number) => paisa / 100;

/**
 * The admin's Dashboard (ADR 0021): every figure of a period of Nepal days in one answer. The
 * period's figures come from the tables the database keeps (queries.ts), the rest from indexes.
 */
export class DashboardService {
  constructor(private readonly ctx: AppContext) {}

  async get(query: DashboardQuery): Promise<Dashboard> {
    const now = this.ctx.clock.now();
    const { from, to } = this.period(query, nepalDay(now));
    const db = this.ctx.db;
    const awaitingBefore = new Date(now.getTime() - this.ctx.config.payments.timeoutMinutes * 60_000).toISOString();
    const [totals, days, sales, shoppers, pending, awaitingPayment, refundDue, stockCounts, low, out] = await Promise.all([
      q.periodTotals(db, [from, to]),
      q.dailyTotals(db, [from, to]),
      q.topProducts(db, salesSpans(from, to), TOP_PRODUCTS),
      q.newShoppers(db, nepalDayStart(from).toISOString(), nepalDayStart(addDays(to, 1)).toISOString()),
      q.waitingOrders(db, 'pending', awaitingBefore, WAITING_ORDERS_SHOWN),
      q.waitingOrders(db, 'awaitingPayment', awaitingBefore, WAITING_ORDERS_SHOWN),
      q.waitingOrders(db, 'refundDue', awaitingBefore, WAITING_ORDERS_SHOWN),
      sq.stockCounts(db),
      sq.stockList(db, 'low', STOCK_PRODUCTS_SHOWN),
      sq.stockList(db, 'out', STOCK_PRODUCTS_SHOWN),
    ]);

    const codToConfirm = await q.waitingOrders(db, 'codToConfirm', awaitingBefore, WAITING_ORDERS_SHOWN);
    const overdue = await overdueRefunds(db, new Date(now.getTime() - REFUND_OVERDUE_DAYS * 86_400_000).toISOString());
    const coupons = await q.couponTotals(db, [from, to], TOP_COUPONS);
    const refunded = await q.refundedReturns(db, nepalDayStart(from).toISOString(), nepalDayStart(addDays(to, 1)).toISOString());
    const returned = returnedRevenue(refunded);
    const figures = periodFigures(totals, returned);
    return {
      period: { from, to, days: daysInRange(from, to), timeZone: NEPAL_TIME_ZONE },
      revenue: {
        total: rupees(figures.onlinePaisa + figures.codPaisa),
        online: rupees(figures.onlinePaisa),
        cashOnDelivery: rupees(figures.codPaisa),
        orders: figures.revenueOrders,
      },
      averageOrderValue:
        figures.revenueOrders === 0 ? 0 : rupees(Math.round((figures.onlinePaisa + figures.codPaisa) / figures.revenueOrders)),
      orders: { total: figures.orders, byStatus: figures.byStatus },
      newShoppers: shoppers,
      revenueByDay: everyDay(from, to, days, returned),
      topProducts: {
        byRevenue: sales.filter((row) => row.list === 'revenue').map(toTopProduct),
        byUnits: sales.filter((row) => row.list === 'units').map(toTopProduct),
      },
      discounts: {
        total: rupees(coupons.discountPaisa),
        orders: coupons.orders,
        byCoupon: coupons.top.map((row) => ({
          code: row.code,
          orders: row.orders,
          discount: rupees(row.discount_paisa),
          revenue: rupees(row.revenue_paisa),
        })),
      },
      paymentMethods: figures.methods,
      waiting: {
        pending: toGroup(pending),
        awaitingPayment: toGroup(awaitingPayment),
        refundDue: withOverdue(toGroup(refundDue), overdue),
        codToConfirm: toGroup(codToConfirm),
      },
      paymentTimeoutMinutes: this.ctx.config.payments.timeoutMinutes,
      codConfirmHours: this.ctx.config.orderLimits.codConfirmHours,
      stock: {
        defaultThreshold: DEFAULT_LOW_STOCK_THRESHOLD,
        low: { count: stockCounts.low, products: low.map(toStockProduct) },
        out: { count: stockCounts.out, products: out.map(toStockProduct) },
      },
      generatedAt: now.toISOString(),
    };
  }

  /** The days asked for: a named period ending today (7 days when none is named), or from–to. */
  private period(query: DashboardQuery, today: string): { from: string; to: string } {
    if (query.from !== undefined && query.to !== undefined) {
      // The schema checks these too; the service does not rely on its caller.
      if (query.from > query.to) throw badRequest(DASHBOARD_MESSAGES.fromAfterTo);
      if (daysInRange(query.from, query.to) > DASHBOARD_MAX_DAYS) throw badRequest(DASHBOARD_MESSAGES.rangeTooLong);
      return { from: query.from, to: query.to };
    }
    return periodRange(query.period ?? DEFAULT_DASHBOARD_PERIOD, today);
  }
}

/**
 * Where the product sales of a period are read: whole months from the monthly table, the days
 * before the first whole month and after the last from the daily one (a year reads about 12 × the
 * products sold in a month, plus up to two months of days, instead of 365 days of them).
 */
export function salesSpans(from: string, to: string): { months?: q.Span; days: q.Span[] } {
  const firstMonth = from.endsWith('-01') ? from.slice(0, 7) : addDays(`${from.slice(0, 7)}-28`, 4).slice(0, 7);
  const lastMonth = addDays(to, 1).endsWith('-01') ? to.slice(0, 7) : addDays(`${to.slice(0, 7)}-01`, -1).slice(0, 7);
  if (firstMonth > lastMonth) return { days: [[from, to]] };
  const monthsStart = `${firstMonth}-01`;
  const monthsEnd = addDays(`${addDays(`${lastMonth}-28`, 4).slice(0, 7)}-01`, -1);
  const days: q.Span[] = [];
  if (from < monthsStart) days.push([from, addDays(monthsStart, -1)]);
  if (to > monthsEnd) days.push([addDays(monthsEnd, 1), to]);
  return { months: [firstMonth, lastMonth], days };
}

interface PeriodFigures {
  orders: number;
  byStatus: Dashboard['orders']['byStatus'];
  onlinePaisa: number;
  codPaisa: number;
  revenueOrders: number;
  methods: Dashboard['paymentMethods'];
}

/** What refunded returns took back from revenue, per Nepal day of their order and in all, online and cash on delivery. */
interface ReturnedRevenue {
  onlinePaisa: number;
  codPaisa: number;
  byDay: Map<string, { onlinePaisa: number; codPaisa: number }>;
}

/**
 * Revenue is net of the returns settled by refund: the returned lines' amount comes off the
 * revenue of the order's day, of the kind the order counts as (paid online, or cash on delivery
 * delivered, as periodFigures says). An order that does not count as revenue (a refunded or
 * unpaid one) gives nothing back, so no return is taken off twice.
 */
function returnedRevenue(rows: q.RefundedReturnRow[]): ReturnedRevenue {
  const out: ReturnedRevenue = { onlinePaisa: 0, codPaisa: 0, byDay: new Map() };
  for (const row of rows) {
    const kind =
      row.payment_status === 'paid'
        ? 'onlinePaisa'
        : row.payment_method === 'cod' && row.status === 'delivered'
          ? 'codPaisa'
          : undefined;
    if (!kind) continue;
    const day = nepalDay(new Date(row.created_at));
    const entry = out.byDay.get(day) ?? { onlinePaisa: 0, codPaisa: 0 };
    entry[kind] += row.refund_paisa;
    out.byDay.set(day, entry);
    out[kind] += row.refund_paisa;
  }
  return out;
}

/** Orders by status, revenue and the payment-method mix, from the period's totals by status and payment. */
function periodFigures(rows: q.TotalsRow[], returned: ReturnedRevenue): PeriodFigures {
  const byStatus = Object.fromEntries(ORDER_STATUSES.map((status) => [status, 0])) as PeriodFigures['byStatus'];
  const methods = new Map<PaymentMethodId, { orders: number; amountPaisa: number }>(
    PAYMENT_METHODS.map((method) => [method, { orders: 0, amountPaisa: 0 }]),
  );
  const figures = { orders: 0, onlinePaisa: 0, codPaisa: 0, revenueOrders: 0 };
  for (const row of rows) {
    if (row.orders === 0) continue;
    figures.orders += row.orders;
    if (Object.hasOwn(byStatus, row.status)) byStatus[row.status as keyof typeof byStatus] += row.orders;
    // As queries.ts (paidOnline, codDelivered) and migration 019 (countsAsRevenue) say.
    // Test payments (the sandbox took them) are never revenue.
    if (row.payment_status === 'paid') {
      figures.onlinePaisa += row.amount_paisa - row.test_amount_paisa;
      figures.revenueOrders += row.orders - row.test_orders;
    } else if (row.payment_method === 'cod' && row.status === 'delivered') {
      figures.codPaisa += row.amount_paisa - row.test_amount_paisa;
      figures.revenueOrders += row.orders - row.test_orders;
    }
    const method = methods.get(row.payment_method as PaymentMethodId);
    if (method && row.status !== 'cancelled') {
      method.orders += row.orders;
      method.amountPaisa += row.amount_paisa;
    }
  }
  figures.onlinePaisa -= returned.onlinePaisa;
  figures.codPaisa -= returned.codPaisa;
  return {
    ...figures,
    byStatus,
    methods: [...methods.entries()]
      .map(([method, value]) => ({ method, orders: value.orders, amount: rupees(value.amountPaisa) }))
      .sort((a, b) => b.orders - a.orders || b.amount - a.amount),
  };
}

/** Every day from `from` to `to`, with zeros on the days without orders; revenue net of refunded returns. */
function everyDay(from: string, to: string, rows: q.DayRow[], returned: ReturnedRevenue): Dashboard['revenueByDay'] {
  const byDay = new Map(rows.map((row) => [row.day, row]));
  const out: Dashboard['revenueByDay'] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const back = returned.byDay.get(day);
    out.push({
      day,
      online: rupees((row?.online_paisa ?? 0) - (back?.onlinePaisa ?? 0)),
      cashOnDelivery: rupees((row?.cod_paisa ?? 0) - (back?.codPaisa ?? 0)),
      orders: row?.orders ?? 0,
    });
  }
  return out;
}

function toTopProduct(row: q.SalesRow): TopProduct {
  return { productId: row.product_id, name: row.name, units: row.units, revenue: rupees(row.revenue_paisa) };
}

/** A low product, or variant, as the Dashboard lists it: a variant named with its label after the product's. */
function toStockProduct(row: sq.StockRow): StockProduct {
  return {
    id: row.id,
    name: soldName(row.name, row.variant_label),
    variantId: row.variant_id,
    variantLabel: row.variant_label,
    stock: row.stock,
    threshold: row.threshold,
  };
}

/** The refunds owed too long, flagged in the refund-due group and counted. */
function withOverdue(group: WaitingGroup, overdue: { ids: Set<string>; count: number }): WaitingGroup {
  return {
    ...group,
    overdue: overdue.count,
    orders: group.orders.map((order) => ({ ...order, overdue: overdue.ids.has(order.id) })),
  };
}

function toGroup(rows: q.WaitingRow[]): WaitingGroup {
  return {
    count: rows[0]?.count ?? 0,
    orders: rows.map((row) => ({
      id: row.id,
      createdAt: row.created_at,
      totalAmount: rupees(row.total_paisa),
      fullName: row.full_name,
      status: row.status,
      paymentMethod: row.payment_method as PaymentMethodId,
      paymentStatus: row.payment_status as PaymentStatus,
    })),
  };
}
