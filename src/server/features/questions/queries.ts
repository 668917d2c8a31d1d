import type { ExpressionBuilder, Kysely, Selectable, Transaction } from 'kysely';
import type { AdminQuestionQueue } from '../../../shared/questions.js';
import type { Database, QuestionsTable } from '../../db/schema.js';

/** SQL of product questions (migration 043). */

export type Db = Kysely<Database> | Transaction<Database>;

export type QuestionRow = Selectable<QuestionsTable> & { first_name: string; last_name: string; product_name: string };

function withNames(db: Db) {
  return db
    .selectFrom('questions as q')
    .innerJoin('users as u', 'u.id', 'q.user_id')
    .innerJoin('products as p', 'p.id', 'q.product_id')
    .selectAll('q')
    .select(['u.first_name', 'u.last_name', 'p.name as product_name']);
}

const normalise = (row: QuestionRow): QuestionRow => ({ ...row, user_id: Number(row.user_id) });

export async function questionById(db: Db, id: number): Promise<QuestionRow | undefined> {
  const row = await withNames(db).where('q.id', '=', id).executeTakeFirst();
  return row && normalise(row);
}

/** Whether the product is live (not archived). */
export async function liveProduct(db: Db, productId: number): Promise<boolean> {
  const row = await db
    .selectFrom('products')
    .select('id')
    .where('id', '=', productId)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  return row !== undefined;
}

export async function insertQuestion(
  db: Db,
  row: { product_id: number; user_id: number; body: string; created_at: string },
): Promise<number> {
  const inserted = await db.insertInto('questions').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function updateQuestion(db: Db, id: number, change: Partial<Selectable<QuestionsTable>>): Promise<void> {
  await db.updateTable('questions').set(change).where('id', '=', id).execute();
}

/** One page of a product's answered, visible questions, newest first (read in order from questions_product), and how many there are. */
export async function answeredQuestions(
  db: Db,
  productId: number,
  limit: number,
  offset: number,
): Promise<{ rows: QuestionRow[]; total: number }> {
  const base = db
    .selectFrom('questions as q')
    .where('q.product_id', '=', productId)
    .where('q.status', '=', 'visible')
    .where('q.answered_at', 'is not', null);
  const [rows, count] = await Promise.all([
    withNames(db)
      .where('q.product_id', '=', productId)
      .where('q.status', '=', 'visible')
      .where('q.answered_at', 'is not', null)
      .orderBy('q.created_at', 'desc')
      .orderBy('q.id', 'desc')
      .limit(limit)
      .offset(offset)
      .execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: rows.map(normalise), total: Number(count.n) };
}

/** The admin's queue: unanswered ones oldest first (the longest waiting on top), the others newest first. */
export async function adminQuestions(
  db: Db,
  queue: AdminQuestionQueue,
  limit: number,
  offset: number,
): Promise<{ rows: QuestionRow[]; total: number }> {
  const inQueue = (eb: ExpressionBuilder<Database & { q: QuestionsTable }, 'q'>) => {
    if (queue === 'unanswered') return eb.and([eb('q.status', '=', 'visible'), eb('q.answered_at', 'is', null)]);
    if (queue === 'answered') return eb.and([eb('q.status', '=', 'visible'), eb('q.answered_at', 'is not', null)]);
    if (queue === 'hidden') return eb('q.status', '=', 'hidden');
    return eb.and([]);
  };
  const rows = withNames(db).where(inQueue);
  const base = db.selectFrom('questions as q').where(inQueue);
  const direction = queue === 'unanswered' ? 'asc' : 'desc';
  const [found, count] = await Promise.all([
    rows.orderBy('q.created_at', direction).orderBy('q.id', direction).limit(limit).offset(offset).execute(),
    base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
  ]);
  return { rows: found.map(normalise), total: Number(count.n) };
}

/** The asker's address and language, for the answer's mail. */
export async function asker(db: Db, userId: number): Promise<{ email: string | null; first_name: string } | undefined> {
  return db.selectFrom('users').select(['email', 'first_name']).where('id', '=', userId).executeTakeFirst();
}
