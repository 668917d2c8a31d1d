import type { Kysely, Transaction } from 'kysely';
import type { AuditLogTable, Database } from '../../db/schema.js';

/** SQL of the audit log (migration 018). */

export type Db = Kysely<Database> | Transaction<Database>;

export type NewAuditRow = Omit<AuditLogTable, 'id'>;

export async function insertAudit(db: Db, row: NewAuditRow): Promise<void> {
  await db.insertInto('audit_log').values(row).execute();
}

/** Rows per INSERT of insertAudits (9 values each: well within both databases' limits). */
const AUDIT_CHUNK = 500;

export async function insertAudits(db: Db, rows: readonly NewAuditRow[]): Promise<void> {
  for (let start = 0; start < rows.length; start += AUDIT_CHUNK) {
    await db
      .insertInto('audit_log')
      .values(rows.slice(start, start + AUDIT_CHUNK))
      .execute();
  }
}

/** The panel's filters; `from` inclusive and `before` exclusive are ISO bounds on created_at. */
export interface AuditFilter {
  entityType?: string;
  entityId?: string;
  adminId?: number;
  action?: string;
  from?: string;
  before?: string;
}

function filtered(db: Db, filter: AuditFilter) {
  let query = db.selectFrom('audit_log as a');
  if (filter.entityType !== undefined) query = query.where('a.entity_type', '=', filter.entityType);
  if (filter.entityId !== undefined) query = query.where('a.entity_id', '=', filter.entityId);
  if (filter.adminId !== undefined) query = query.where('a.admin_id', '=', filter.adminId);
  if (filter.action !== undefined) query = query.where('a.action', '=', filter.action);
  if (filter.from !== undefined) query = query.where('a.created_at', '>=', filter.from);
  if (filter.before !== undefined) query = query.where('a.created_at', '<', filter.before);
  return query;
}

/** One page of entries, newest first (ties by id: entries of one transaction share a time), with the admin's name. */
export function auditPage(db: Db, filter: AuditFilter, limit: number, offset: number) {
  return filtered(db, filter)
    .leftJoin('admins as ad', 'ad.id', 'a.admin_id')
    .select([
      'a.id',
      'a.admin_id',
      'ad.username as admin_name',
      'a.action',
      'a.entity_type',
      'a.entity_id',
      'a.summary',
      'a.changes',
      'a.note',
      'a.created_at',
    ])
    .orderBy('a.created_at', 'desc')
    .orderBy('a.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
}

export type AuditRow = Awaited<ReturnType<typeof auditPage>>[number];

export async function countAudit(db: Db, filter: AuditFilter): Promise<number> {
  const row = await filtered(db, filter)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Every admin account, for the panel's "by admin" filter. */
export function admins(db: Db) {
  return db.selectFrom('admins').select(['id', 'username']).orderBy('username').execute();
}

/** One entry by its id. */
export function auditEntryById(db: Db, id: number) {
  return db
    .selectFrom('audit_log')
    .select(['id', 'action', 'entity_type', 'entity_id', 'changes'])
    .where('id', '=', id)
    .executeTakeFirst();
}
