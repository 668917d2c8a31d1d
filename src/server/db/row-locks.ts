import {
  CompiledQuery,
  type DatabaseConnection,
  type Driver,
  type Kysely,
  type QueryCompiler,
  type SelectModifier,
  type SelectQueryNode,
  SqliteDialect,
  SqliteQueryCompiler,
  type Transaction,
} from 'kysely';
import { dialectOf } from './dialect.js';
import type { Database } from './schema.js';

/**
 * Row locks, written once for both databases (ADR 0033). A feature that must keep others off the
 * rows it read until its transaction ends writes `.forUpdate()` (or `.forNoKeyUpdate()`,
 * `.skipLocked()`) on the query as PostgreSQL needs it, with no test of the dialect:
 *
 * - PostgreSQL runs transactions side by side, and those modifiers make one wait for another.
 * - SQLite has neither the modifiers nor the need. The shop's one process opens the file, through
 *   one connection that runs one transaction at a time (Kysely's connection mutex, and the write
 *   batch holds it too), so no other transaction can come between a read and the write after it.
 *   Its compiler (below) leaves the lock modifiers out; the query is otherwise the same.
 */

const LOCK_MODIFIERS: ReadonlySet<SelectModifier> = new Set([
  'ForUpdate',
  'ForNoKeyUpdate',
  'ForShare',
  'ForKeyShare',
  'NoWait',
  'SkipLocked',
]);

/** SQLite's compiler without row-lock modifiers, in subqueries too; other modifiers (DISTINCT …) stay. */
class SqliteQueryCompilerWithoutRowLocks extends SqliteQueryCompiler {
  protected override visitSelectQuery(node: SelectQueryNode): void {
    const modifiers = node.endModifiers;
    if (!modifiers?.some((m) => m.modifier !== undefined && LOCK_MODIFIERS.has(m.modifier))) {
      super.visitSelectQuery(node);
      return;
    }
    const endModifiers = modifiers.filter((m) => m.modifier === undefined || !LOCK_MODIFIERS.has(m.modifier));
    super.visitSelectQuery({ ...node, endModifiers });
  }
}

/**
 * Kysely's SQLite dialect, compiling queries without their row-lock modifiers, and beginning its
 * transactions with BEGIN IMMEDIATE: the write lock is taken at the start (waiting busy_timeout for
 * it), not at the first write. Within one process nothing changes (one connection, one
 * transaction at a time). When another process writes the same file, a deferred transaction that
 * read first and then wrote would fail at once (SQLITE_BUSY: its snapshot is stale, and waiting
 * cannot help); an immediate one waits its turn, as a row lock makes PostgreSQL's wait.
 */
export class SqliteDialectWithoutRowLocks extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new SqliteQueryCompilerWithoutRowLocks();
  }

  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection: DatabaseConnection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

type Db = Kysely<Database> | Transaction<Database>;

/**
 * Runs `lock`, a statement that only takes row locks (its rows are not used), where that means
 * something: in a transaction on PostgreSQL. Outside a transaction a lock would end with its own
 * statement, and on SQLite there is nothing to wait for, so it is not sent at all.
 */
export async function lockRows(db: Db, lock: () => Promise<unknown>): Promise<void> {
  if (db.isTransaction && dialectOf(db) === 'postgres') await lock();
}
