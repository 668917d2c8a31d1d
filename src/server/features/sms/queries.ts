import { type Kysely, sql, type Transaction } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { SmsKind } from '../../../shared/sms.js';

/** SQL of the texts (migration 039). Plain Kysely on both dialects. */

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the number's row lock until the transaction ends: requests for one number then count its
 * texts one after another (PostgreSQL; SQLite runs one transaction at a time).
 */
export async function lockNumber(db: Db, phone: string, now: string): Promise<void> {
  await db.insertInto('sms_numbers').values({ phone, updated_at: now }).onConflict((oc) => oc.column('phone').doNothing()).execute();
  await db.updateTable('sms_numbers').set({ updated_at: now }).where('phone', '=', phone).execute();
}

/** Texts of these kinds to a number queued since each of the two instants. */
export async function countSince(db: Db, phone: string, kinds: readonly SmsKind[], hourAgo: string, dayAgo: string) {
  const row = await db
    .selectFrom('sms_messages')
    .select([
      sql<number>`sum(case when created_at > ${hourAgo} then 1 else 0 end)`.as('hour'),
      (eb) => eb.fn.countAll<number>().as('day'),
    ])
    .where('phone', '=', phone)
    .where('kind', 'in', kinds)
    .where('created_at', '>', dayAgo)
    .executeTakeFirstOrThrow();
  return { hour: Number(row.hour ?? 0), day: Number(row.day) };
}

/** One text more for the day, unless the day has `limit` already: one conditional UPDATE, so parallel takers never pass it. */
export async function takeDaySlot(db: Db, day: string, limit: number): Promise<boolean> {
  await db.insertInto('sms_days').values({ day, count: 0, cap_told_at: null }).onConflict((oc) => oc.column('day').doNothing()).execute();
  const result = await db
    .updateTable('sms_days')
    .set({ count: sql<number>`count + 1` })
    .where('day', '=', day)
    .where('count', '<', limit)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** True for the one caller that first finds the day's cap reached (it tells the admin). */
export async function markCapTold(db: Db, day: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable('sms_days')
    .set({ cap_told_at: now })
    .where('day', '=', day)
    .where('cap_told_at', 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function dayCount(db: Db, day: string): Promise<{ count: number; capToldAt: string | null }> {
  const row = await db.selectFrom('sms_days').select(['count', 'cap_told_at']).where('day', '=', day).executeTakeFirst();
  return { count: Number(row?.count ?? 0), capToldAt: row?.cap_told_at ?? null };
}

export interface NewSms {
  phone: string;
  kind: SmsKind;
  segments: number;
  encoding: 'gsm7' | 'ucs2';
  userId: number | null;
  day: string;
  now: string;
}

export async function insertMessage(db: Db, sms: NewSms): Promise<number> {
  const row = await db
    .insertInto('sms_messages')
    .values({
      phone: sms.phone,
      kind: sms.kind,
      segments: sms.segments,
      encoding: sms.encoding,
      status: 'queued',
      user_id: sms.userId,
      job_id: null,
      day: sms.day,
      error: null,
      created_at: sms.now,
      sent_at: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return Number(row.id);
}

export async function setJob(db: Db, id: number, jobId: number): Promise<void> {
  await db.updateTable('sms_messages').set({ job_id: jobId }).where('id', '=', id).execute();
}

export async function messageStatus(db: Db, id: number): Promise<string | undefined> {
  const row = await db.selectFrom('sms_messages').select('status').where('id', '=', id).executeTakeFirst();
  return row?.status;
}

export async function markOutcome(db: Db, id: number, status: 'sent' | 'invalid', now: string): Promise<void> {
  await db
    .updateTable('sms_messages')
    .set({ status, sent_at: status === 'sent' ? now : null, error: status === 'invalid' ? 'the gateway called the number invalid' : null })
    .where('id', '=', id)
    .execute();
}

/** The admin's log, newest first, with each text's job (its retries and failure). */
export async function logPage(db: Db, limit: number, offset: number) {
  const rows = await db
    .selectFrom('sms_messages as s')
    .leftJoin('jobs as j', 'j.id', 's.job_id')
    .select(['s.id', 's.phone', 's.kind', 's.segments', 's.encoding', 's.status', 's.created_at', 's.sent_at', 'j.status as job_status', 'j.last_error'])
    .orderBy('s.id', 'desc')
    .limit(limit)
    .offset(offset)
    .execute();
  return rows.map((row) => ({ ...row, id: Number(row.id), segments: Number(row.segments) }));
}

export async function countMessages(db: Db): Promise<number> {
  const row = await db.selectFrom('sms_messages').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

export async function optedOut(db: Db, userId: number, kind: string): Promise<boolean> {
  const row = await db.selectFrom('sms_opt_outs').select('kind').where('user_id', '=', userId).where('kind', '=', kind).executeTakeFirst();
  return row !== undefined;
}

export async function setOptOut(db: Db, userId: number, kind: string, off: boolean, now: string): Promise<void> {
  if (!off) {
    await db.deleteFrom('sms_opt_outs').where('user_id', '=', userId).where('kind', '=', kind).execute();
    return;
  }
  await db
    .insertInto('sms_opt_outs')
    .values({ user_id: userId, kind, created_at: now })
    .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
    .execute();
}

/** The shopper's number when they proved it by a texted code; null when not proved (or no shopper). */
export async function provedPhone(db: Db, userId: number): Promise<string | null> {
  const row = await db
    .selectFrom('users')
    .select('phone_number')
    .where('id', '=', userId)
    .where('phone_verified_at', 'is not', null)
    .executeTakeFirst();
  return row?.phone_number ?? null;
}
