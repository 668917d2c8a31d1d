import * as q from './queries.js';

/**
 * Tax invoices and credit notes (ADR 0026). An order gets its invoice number when the sale
 * happens: its online payment is received, or the shop confirms its cash on delivery. A numbered
 * order that is cancelled or refunded has its invoice voided, and a credit note of a second series
 * records the reversal. Both numbers come from gap-free counters, taken inside the transaction that
 * locks the order, so each is issued once and a rolled-back change gives its number back.
 */

/** What a locked order must say for these rules. */
interface Numbered {
  id: string;
  invoice_no: number | null;
  credit_note_no: number | null;
}

/** Issues the order's invoice number unless it has one. True when it was issued now. */
export async function issueInvoice(trx: q.Db, order: Numbered, now: string): Promise<boolean> {
  if (order.invoice_no !== null) return false;
  return q.setInvoice(trx, order.id, await q.nextNumber(trx, 'invoice'), now);
}

/** Voids the order's invoice with a credit note, when it has an invoice not yet voided. True when voided now. */
export async function voidInvoice(trx: q.Db, order: Numbered, now: string): Promise<boolean> {
  if (order.invoice_no === null || order.credit_note_no !== null) return false;
  return q.voidInvoice(trx, order.id, await q.nextNumber(trx, 'credit_note'), now);
}

/** 'PSL-000042'. */
export function invoiceNumber(invoiceNo: number): string {
  return `PSL-${String(invoiceNo).padStart(6, '0')}`;
}

/** 'CN-000001'. */
export function creditNoteNumber(creditNoteNo: number): string {
  return `CN-${String(creditNoteNo).padStart(6, '0')}`;
}
