import fs from 'node:fs';
import { pathToFileURL } from 'node:url';

export interface CliIo {
  stdout(line: string): void;
  stderr(line: string): void;
}

/** True when the module at `moduleUrl` (its import.meta.url) is the script node was started with. */
function invokedDirectly(moduleUrl: string): boolean {
  const script = process.argv[1];
  if (!script) return false;
  try {
    return moduleUrl === pathToFileURL(fs.realpathSync(script)).href;
  } catch {
    return false;
  }
}

/**
 * Runs a CLI when its module is the script node started (not when a test imports it): arguments
 * and environment of this process, lines to stdout/stderr, the returned code as the exit code.
 */
export function runWhenInvoked(
  moduleUrl: string,
  run: (args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo) => Promise<number>,
): void {
  if (!invokedDirectly(moduleUrl)) return;
  run(process.argv.slice(2), process.env, {
    stdout: (line) => process.stdout.write(`${line}\n`),
    stderr: (line) => process.stderr.write(`${line}\n`),
  }).then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      process.stderr.write(`Error: ${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
