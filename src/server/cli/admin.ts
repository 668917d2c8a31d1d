/**
 * Admin accounts from the shell, on the server's own database (same environment as `npm start`):
 *
 *   npm run admin -- create USERNAME
 *   npm run admin -- reset-password USERNAME
 *
 * The password comes from ADMIN_PASSWORD when set; otherwise a random one is generated and
 * printed once. Exit codes: 0 done, 1 failed (unknown or existing admin, bad configuration,
 * database error), 2 bad usage. During development: `npx tsx src/server/cli/admin.ts ...`.
 */
import path from 'node:path';
import type { Kysely } from 'kysely';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/client.js';
import { migrateToLatest } from '../db/migrate.js';
import {
  createAdmin,
  adminPasswordProblem,
  generateAdminPassword,
  resetAdminPassword,
  USERNAME_PATTERN,
} from '../features/admin/service.js';
import { type Clock, systemClock } from '../lib/clock.js';
import { type CliIo, runWhenInvoked } from './entry.js';

export const USAGE = [
  'Usage:',
  '  npm run admin -- create USERNAME          create an admin',
  "  npm run admin -- reset-password USERNAME  set a new password and end that admin's sessions",
  '',
  'The password is taken from ADMIN_PASSWORD when it is set; otherwise a random one is generated',
  'and printed once. The database is the one the server uses (DATA_DIR, or DATABASE_URL).',
].join('\n');

export type AdminCommand = { command: 'create' | 'reset-password'; username: string } | { command: 'help' };

/** Parses the arguments after `--`; returns an error text for bad usage. */
export function parseAdminArgs(args: readonly string[]): AdminCommand | { error: string } {
  const [command, rawUsername, ...rest] = args;
  if (args.length === 1 && (command === 'help' || command === '--help' || command === '-h')) return { command: 'help' };
  if (command !== 'create' && command !== 'reset-password') {
    return { error: command === undefined ? 'No command given.' : `Unknown command '${command}'.` };
  }
  if (rawUsername === undefined) return { error: `The ${command} command needs a USERNAME.` };
  if (rest.length > 0) return { error: `Unexpected extra arguments: ${rest.join(' ')}` };
  const username = rawUsername.trim();
  if (!USERNAME_PATTERN.test(username)) {
    return { error: 'A username has 1 to 100 letters, digits, dots, underscores, @ signs or hyphens.' };
  }
  return { command, username };
}

/** Runs one CLI invocation and returns its exit code; everything it says goes through `io`. */
export async function runAdminCli(
  args: readonly string[],
  env: NodeJS.ProcessEnv,
  io: CliIo,
  clock: Clock = systemClock,
): Promise<number> {
  const parsed = parseAdminArgs(args);
  if ('error' in parsed) {
    io.stderr(`${parsed.error}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.command === 'help') {
    io.stdout(USAGE);
    return 0;
  }
  const { command, username } = parsed;

  // The same trimming the server's config applies to ADMIN_PASSWORD.
  const envPassword = env.ADMIN_PASSWORD?.trim() || undefined;
  if (envPassword) {
    const problem = adminPasswordProblem(envPassword);
    if (problem) {
      io.stderr(`ADMIN_PASSWORD cannot be used: ${problem}.`);
      return 2;
    }
  }

  let config;
  try {
    // ADMIN_USERNAME/ADMIN_PASSWORD mean something else to the server (they must come together); ignore them here.
    config = loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
  } catch (error) {
    if (error instanceof ConfigError) {
      io.stderr(error.message);
      return 1;
    }
    throw error;
  }

  const handle = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await migrateToLatest(handle.db as Kysely<unknown>);
    const store = { db: handle.db, clock };
    const password = envPassword ?? generateAdminPassword();
    const where = config.databaseUrl ? 'the PostgreSQL database in DATABASE_URL' : path.join(config.dataDir, 'pasal.sqlite');
    if (command === 'create') {
      await createAdmin(store, username, password);
      io.stdout(`Created the admin '${username}' in ${where}.`);
    } else {
      const { sessionsEnded } = await resetAdminPassword(store, username, password);
      io.stdout(
        `Reset the password of the admin '${username}' in ${where}; ${sessionsEnded} open session${sessionsEnded === 1 ? '' : 's'} ended.`,
      );
    }
    if (envPassword) {
      io.stdout('The password is the one in ADMIN_PASSWORD.');
    } else {
      io.stdout(`Password: ${password}`);
      io.stdout('It is shown only this once: keep it somewhere safe.');
    }
    if (env.ADMIN_USERNAME?.trim() === username) {
      io.stdout(`Note: ADMIN_USERNAME names this admin, so the server sets its password back to ADMIN_PASSWORD at each start.`);
    }
    return 0;
  } catch (error) {
    io.stderr(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await handle.close();
  }
}

runWhenInvoked(import.meta.url, runAdminCli);
