import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createOutboxMailer } from '../../src/server/lib/mail.js';

const silent = { info: () => undefined } as unknown as FastifyBaseLogger;

/** The development outbox: each mail a file of its own under DATA_DIR/outbox. */
describe('dev outbox', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'pasal-outbox-'));
  });
  afterEach(async () => {
    vi.useRealTimers();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('keeps two mails to one recipient sent in the same millisecond (neither overwrites the other)', async () => {
    // The clock stands still: both mails carry the very same time stamp.
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-03-01T10:00:00.123Z') });
    const mailer = createOutboxMailer(dataDir, 'Pasal <no-reply@pasal.test>', silent);
    await Promise.all([
      mailer.send({ to: 'ram@example.com', subject: 'Order PSL-1 placed', text: 'first' }),
      mailer.send({ to: 'ram@example.com', subject: 'Order PSL-1 paid', text: 'second' }),
    ]);
    await mailer.send({ to: 'ram@example.com', subject: 'Order PSL-1 shipped', text: 'third' });

    const outbox = path.join(dataDir, 'outbox');
    const files = (await fs.readdir(outbox)).sort();
    expect(files).toHaveLength(3);
    // Still named by time and recipient, and still .txt (README: ls -t data/outbox/*.txt).
    for (const file of files) expect(file).toMatch(/^2026-03-01T10-00-00-123Z-ram@example\.com-.+\.txt$/);
    const bodies = await Promise.all(files.map((file) => fs.readFile(path.join(outbox, file), 'utf8')));
    expect(bodies.map((body) => body.trim().split('\n').at(-1)).sort()).toEqual(['first', 'second', 'third']);
  });
});
