import type { AuditAction, AuditChanges, AuditEntityType, AuditPage, AuditQuery, AuditValue } from '../../../shared/audit.js';
import { AUDIT_PAGE_SIZE_DEFAULT } from '../../../shared/audit.js';
import type { AppContext } from '../../context.js';
import { dayBounds } from '../../../shared/query-params.js';
import * as q from './queries.js';

/**
 * The admin's audit log (ADR 0023). Every admin write calls recordAudit() IN ITS OWN TRANSACTION,
 * after its checks passed: the entry exists exactly when the write does (a refused or failed write
 * leaves none, a write never happens unrecorded).
 *
 *   await db.transaction().execute(async (trx) => {
 *     … the write …
 *     await recordAudit(trx, {
 *       adminId: actor.adminId, action: 'product.update', entityType: 'product', entityId: id,
 *       summary: product.name,                                   // its name when it happened
 *       changes: changedFields(before, after),                   // {field: [before, after]}, rupees
 *       note: reason, at: now,
 *     });
 *   });
 *
 * No secrets in an entry: a password change records that it happened, never a hash.
 */

/** Who makes a write: the signed-in admin (principalOf(request).id), or null for the command line. */
export interface Actor {
  adminId: number | null;
}

export interface AuditRecord {
  adminId: number | null;
  action: AuditAction;
  entityType: AuditEntityType;
  entityId: string | number;
  /** The entity's name when it happened (a product's name, a category path, an order's customer). */
  summary: string;
  changes: AuditChanges;
  note?: string | null;
  /** The write's own timestamp (ISO), so the entry and the row it describes agree. */
  at: string;
}

const SUMMARY_MAX = 300;
const NOTE_MAX = 2000;

function auditRow(entry: AuditRecord): q.NewAuditRow {
  return {
    admin_id: entry.adminId,
    action: entry.action,
    entity_type: entry.entityType,
    entity_id: String(entry.entityId),
    summary: entry.summary.slice(0, SUMMARY_MAX),
    changes: JSON.stringify(entry.changes),
    note: entry.note ? entry.note.slice(0, NOTE_MAX) : null,
    created_at: entry.at,
  };
}

export async function recordAudit(trx: q.Db, entry: AuditRecord): Promise<void> {
  await q.insertAudit(trx, auditRow(entry));
}

/** Many entries of one write (an import's products) in a few statements, in its transaction. */
export async function recordAudits(trx: q.Db, entries: readonly AuditRecord[]): Promise<void> {
  await q.insertAudits(trx, entries.map(auditRow));
}

/** The fields whose value differs between two snapshots, as {field: [before, after]} (a field missing from one is null). */
export function changedFields(
  before: Readonly<Record<string, AuditValue>>,
  after: Readonly<Record<string, AuditValue>>,
): AuditChanges {
  const changes: AuditChanges = {};
  for (const field of new Set([...Object.keys(before), ...Object.keys(after)])) {
    const from = before[field] ?? null;
    const to = after[field] ?? null;
    if (from !== to) changes[field] = [from, to];
  }
  return changes;
}

/** Every field of a snapshot as created ([null, value]) or removed ([value, null]). */
export function allFields(snapshot: Readonly<Record<string, AuditValue>>, side: 'created' | 'removed'): AuditChanges {
  const changes: AuditChanges = {};
  for (const [field, value] of Object.entries(snapshot)) {
    if (value === null) continue;
    changes[field] = side === 'created' ? [null, value] : [value, null];
  }
  return changes;
}

/** One entry's kind and changes, for a write that acts on it (Undo); undefined when there is none. */
export async function findAuditEntry(
  db: q.Db,
  id: number,
): Promise<{ id: number; action: string; entityType: string; entityId: string; changes: AuditChanges } | undefined> {
  const row = await q.auditEntryById(db, id);
  if (!row) return undefined;
  return {
    id: Number(row.id),
    action: row.action,
    entityType: row.entity_type,
    entityId: row.entity_id,
    changes: parseChanges(row.changes),
  };
}

function parseChanges(text: string): AuditChanges {
  try {
    const value: unknown = JSON.parse(text);
    return value && typeof value === 'object' && !Array.isArray(value) ? (value as AuditChanges) : {};
  } catch {
    return {};
  }
}

/** GET /api/admin/audit: one page of entries, newest first. */
export async function listAudit(ctx: AppContext, query: AuditQuery): Promise<AuditPage> {
  const filter: q.AuditFilter = {
    entityType: query.entityType,
    entityId: query.entityId,
    adminId: query.adminId,
    action: query.action,
    ...dayBounds(query),
  };
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? AUDIT_PAGE_SIZE_DEFAULT;
  const [rows, total] = await Promise.all([
    q.auditPage(ctx.db, filter, pageSize, (page - 1) * pageSize),
    q.countAudit(ctx.db, filter),
  ]);
  return {
    entries: rows.map((row) => ({
      id: Number(row.id),
      adminId: row.admin_id === null ? null : Number(row.admin_id),
      adminName: row.admin_name ?? null,
      action: row.action,
      entityType: row.entity_type,
      entityId: row.entity_id,
      summary: row.summary,
      changes: parseChanges(row.changes),
      note: row.note,
      createdAt: row.created_at,
    })),
    total,
    page,
    pageSize,
    totalPages: Math.ceil(total / pageSize),
  };
}

export function auditAdmins(ctx: AppContext): Promise<{ id: number; username: string }[]> {
  return q.admins(ctx.db);
}
