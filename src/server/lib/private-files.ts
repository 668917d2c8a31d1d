import fs from 'node:fs';

/**
 * DATA_DIR holds the shop's database (every shopper's name, address, phone and password hash), the
 * secret that signs sessions, the dev outbox with its codes and the first admin's password: no other
 * local user may read any of it. The folder is made 0700 and its files 0600, as the secrets always
 * were; a folder or database left readable by an earlier version is tightened at start, when it is
 * this process's own (another owner's is left as it is, for its owner to decide).
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the folder (and any missing parents) 0700, or tightens it to 0700. */
export function ensurePrivateDir(dir: string): void {
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  tighten(dir, PRIVATE_DIR_MODE);
}

/**
 * Creates the file empty and 0600 when it is missing (an empty file is an empty SQLite database),
 * or tightens it to 0600. SQLite gives a database's -wal and -shm files the database file's own
 * mode, so they follow.
 */
export function ensurePrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  tighten(file, PRIVATE_FILE_MODE);
}

/** Takes away every permission beyond `mode`, on what this process owns; a missing path is left alone. */
export function tighten(target: string, mode: number): void {
  let stat: fs.Stats;
  try {
    stat = fs.statSync(target);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
    throw error;
  }
  if ((stat.mode & 0o777 & ~mode) === 0 || stat.uid !== process.getuid?.()) return;
  fs.chmodSync(target, stat.mode & 0o777 & mode);
}
