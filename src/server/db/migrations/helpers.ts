import { type ColumnDefinitionBuilder, type Kysely, PostgresAdapter, sql } from 'kysely';

export function isPostgres(db: Kysely<unknown>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

/** An auto-incrementing integer primary key on either dialect. */
export function serialId(db: Kysely<unknown>) {
  return isPostgres(db)
    ? ({ type: sql`integer`, build: (col: ColumnDefinitionBuilder) => col.primaryKey().generatedByDefaultAsIdentity() } as const)
    : ({ type: sql`integer`, build: (col: ColumnDefinitionBuilder) => col.primaryKey().autoIncrement() } as const);
}
