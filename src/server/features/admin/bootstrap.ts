import fs from 'node:fs';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../context.js';
import { AppError } from '../../lib/errors.js';
import { verifyPassword } from '../../lib/passwords.js';
import * as q from './queries.js';
import { adminPasswordProblem, createAdmin, generateAdminPassword, resetAdminPassword } from './service.js';

export const INITIAL_ADMIN_USERNAME = 'admin';
export const INITIAL_PASSWORD_FILE = 'initial-admin-password';

type BootstrapLog = Pick<FastifyBaseLogger, 'info' | 'warn'>;

const isConflict = (error: unknown) => error instanceof AppError && error.statusCode === 409;

/**
 * Makes sure an admin can log in after start-up. There is never a default password:
 * - ADMIN_USERNAME + ADMIN_PASSWORD set: that admin exists with that password (the environment
 *   is the truth; a changed password replaces the stored one and ends that admin's sessions);
 * - otherwise, with no admin at all: `admin` is created with a random password written once to
 *   DATA_DIR/initial-admin-password (mode 0600), and the log says where (never the password).
 */
export async function ensureBootstrapAdmin(ctx: Pick<AppContext, 'db' | 'clock' | 'config'>, log: BootstrapLog): Promise<void> {
  const store = { db: ctx.db, clock: ctx.clock };
  const wanted = ctx.config.admin;

  if (wanted) {
    const problem = adminPasswordProblem(wanted.password);
    if (problem) throw new Error(`ADMIN_PASSWORD cannot be used: ${problem}`);
    let existing = await q.findAdminByUsername(ctx.db, wanted.username);
    if (!existing) {
      try {
        await createAdmin(store, wanted.username, wanted.password);
        log.info({ username: wanted.username }, 'created the admin named by ADMIN_USERNAME');
        return;
      } catch (error) {
        if (!isConflict(error)) throw error;
        // Another server process sharing the database created it a moment ago.
        existing = await q.findAdminByUsername(ctx.db, wanted.username);
      }
    }
    if (existing && !(await verifyPassword(existing.password_hash, wanted.password))) {
      const { sessionsEnded } = await resetAdminPassword(store, wanted.username, wanted.password);
      log.warn(
        { username: wanted.username, sessionsEnded },
        'the admin password was set from ADMIN_PASSWORD; earlier sessions ended',
      );
    }
    return;
  }

  if ((await q.countAdmins(ctx.db)) > 0) return;
  const password = generateAdminPassword();
  try {
    await createAdmin(store, INITIAL_ADMIN_USERNAME, password);
  } catch (error) {
    if (isConflict(error)) return; // another process created the first admin (and wrote its file)
    throw error;
  }
  const file = path.join(ctx.config.dataDir, INITIAL_PASSWORD_FILE);
  try {
    writePrivateFile(file, `${password}\n`);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(
      `Created the admin '${INITIAL_ADMIN_USERNAME}' but could not write its password to ${file} (${reason}). ` +
        `Set a password with: npm run admin -- reset-password ${INITIAL_ADMIN_USERNAME}`,
      { cause: error },
    );
  }
  log.warn(
    { username: INITIAL_ADMIN_USERNAME, file },
    `created the first admin '${INITIAL_ADMIN_USERNAME}' with a random password, written to ${file}; ` +
      `log in at /admin/login, then choose your own with "npm run admin -- reset-password ${INITIAL_ADMIN_USERNAME}" and delete the file`,
  );
}

/** Writes a fresh file readable by its owner only (a stale one from an earlier database is replaced). */
function writePrivateFile(file: string, content: string): void {
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  fs.rmSync(file, { force: true });
  fs.writeFileSync(file, content, { mode: 0o600, flag: 'wx' });
  fs.chmodSync(file, 0o600);
}
