import type { Kysely } from 'kysely';
import type { Database } from '../../src/server/db/schema.js';
import { MailOutbox } from '../../src/server/jobs/mail-job.js';
import { JobQueue } from '../../src/server/jobs/queue.js';
import { systemClock } from '../../src/server/lib/clock.js';
import { SERVER_JWT_SECRET } from './orders.js';

const quiet = { info: () => undefined, warn: () => undefined, error: () => undefined };

/**
 * Fills the outbox of a server's database with `count` mails to mailN@example.com, in one
 * transaction, as the shop writes them (sealed with the secret the test servers share when
 * `secret`); answers their Message-IDs. This queue never runs a worker: the servers send them.
 */
export async function queueMails(
  db: Kysely<Database>,
  count: number,
  options: { tag: string; secret?: boolean },
): Promise<string[]> {
  const queue = new JobQueue(db, systemClock, quiet);
  const outbox = new MailOutbox(queue, SERVER_JWT_SECRET, 'pasal.test');
  queue.register(outbox.handler({ send: () => Promise.reject(new Error('not this queue')), close: () => undefined }));
  const ids = Array.from({ length: count }, (_, i) => `<${options.tag}-${i}@pasal.test>`);
  await db.transaction().execute(async (trx) => {
    for (const [i, messageId] of ids.entries()) {
      await outbox.queue(
        trx,
        { to: `mail${i}@example.com`, subject: `${options.tag} mail ${i}`, text: `Mail number ${i}`, messageId },
        { secret: options.secret ?? false },
      );
    }
  });
  return ids;
}
