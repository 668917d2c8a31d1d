/**
 * Moves a shop's product images between stores, with the server's own environment:
 *
 *   npm run storage -- copy --from disk --to s3    DATA_DIR/uploads → the S3_BUCKET bucket
 *   npm run storage -- copy --from s3 --to disk    and back
 *
 * Copies every image the target lacks and leaves the source as it is, so it can be run again
 * (after a failure, or once more just before switching S3_BUCKET on). Exit codes: 0 done,
 * 1 failed, 2 bad usage. During development: `npx tsx src/server/cli/storage.ts ...`.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { type Config, ConfigError, loadConfig } from '../config.js';
import { DiskStorage, type Storage } from '../lib/storage.js';
import { type CliIo, runWhenInvoked } from './entry.js';

export const STORAGE_USAGE = [
  'Usage:',
  '  npm run storage -- copy --from disk --to s3   copy DATA_DIR/uploads into the S3_BUCKET bucket',
  '  npm run storage -- copy --from s3 --to disk   copy the bucket into DATA_DIR/uploads',
  '',
  'The bucket is the one the server would use: S3_BUCKET, AWS_REGION, AWS_ENDPOINT_URL_S3,',
  'AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY and S3_FORCE_PATH_STYLE.',
].join('\n');

type Kind = 'disk' | 's3';

export function parseStorageArgs(args: readonly string[]): { from: Kind; to: Kind } | { help: true } | { error: string } {
  if (args.length === 1 && ['help', '--help', '-h'].includes(args[0]!)) return { help: true };
  const [command, ...rest] = args;
  if (command !== 'copy') return { error: command === undefined ? 'No command given.' : `Unknown command '${command}'.` };
  const options = new Map<string, string>();
  for (let i = 0; i < rest.length; i += 2) {
    const [name, value] = [rest[i]!, rest[i + 1]];
    if ((name !== '--from' && name !== '--to') || (value !== 'disk' && value !== 's3')) {
      return { error: `Expected --from disk|s3 and --to disk|s3, got: ${rest.join(' ')}` };
    }
    options.set(name, value);
  }
  const from = options.get('--from') as Kind | undefined;
  const to = options.get('--to') as Kind | undefined;
  if (!from || !to) return { error: 'The copy command needs --from and --to.' };
  if (from === to) return { error: '--from and --to must differ.' };
  return { from, to };
}

async function open(kind: Kind, config: Config): Promise<Storage> {
  if (kind === 'disk') return new DiskStorage(path.join(config.dataDir, 'uploads'));
  if (config.storage.kind !== 's3') throw new ConfigError('S3_BUCKET is not set: there is no bucket to copy to or from.');
  const { S3Storage } = await import('../lib/s3-storage.js');
  return new S3Storage(config.storage);
}

export async function runStorageCli(args: readonly string[], env: NodeJS.ProcessEnv, io: CliIo): Promise<number> {
  const parsed = parseStorageArgs(args);
  if ('error' in parsed) {
    io.stderr(`${parsed.error}\n\n${STORAGE_USAGE}`);
    return 2;
  }
  if ('help' in parsed) {
    io.stdout(STORAGE_USAGE);
    return 0;
  }
  let source: Storage | undefined;
  let target: Storage | undefined;
  try {
    const config = loadConfig({ ...env, ADMIN_USERNAME: undefined, ADMIN_PASSWORD: undefined });
    source = await open(parsed.from, config);
    target = await open(parsed.to, config);
    // A shop moving back to disk may have no uploads folder yet.
    if (target instanceof DiskStorage) await fs.mkdir(target.root, { recursive: true });
    await target.check();
    const present = new Set<string>();
    for await (const key of target.list('products')) present.add(key);
    let copied = 0;
    let skipped = 0;
    for await (const key of source.list('products')) {
      if (present.has(key)) {
        skipped += 1;
        continue;
      }
      const object = await source.get(key);
      if (!object) continue;
      await target.put(key, await buffer(object.body), object.contentType ?? 'image/webp');
      copied += 1;
      if (copied % 500 === 0) io.stdout(`${copied} copied…`);
    }
    io.stdout(
      `Copied ${copied} image file${copied === 1 ? '' : 's'} from ${parsed.from} to ${parsed.to}; ${skipped} were there already.`,
    );
    return 0;
  } catch (error) {
    io.stderr(`Error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    source?.close?.();
    target?.close?.();
  }
}

runWhenInvoked(import.meta.url, runStorageCli);
