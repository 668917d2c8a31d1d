import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { JOB_MESSAGES, type JobSummary } from '../../src/shared/jobs.js';
import { PermanentJobError } from '../../src/server/jobs/queue.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import { adminToken, bearer } from '../helpers/accounts.js';
import { makeShopper } from '../helpers/orders.js';

/**
 * The durable queue inside a running app (its worker is on), with handlers of the test's own
 * registered beside the shop's: a job written in a transaction exists only if it commits, runs
 * once, is retried with growing pauses, fails for good at the end with its error masked, and a
 * broken job fails alone without stopping the worker. Then the admin's view and retry.
 */
describe('the durable job queue', () => {
  let t: TestApp;
  const runs: Array<{ kind: string; value: unknown }> = [];
  /** test-flaky fails while this is above zero. */
  let failuresLeft = 0;
  /** test-gated fails once this is opened. */
  let openGate = () => {};
  const gate = new Promise<void>((resolve) => (openGate = resolve));

  beforeAll(async () => {
    t = await buildTestApp();
    const base = {
      maxAttempts: 3,
      timeoutMs: 2_000,
      retryDelayMs: (attempts: number) => [10_000, 30_000][attempts - 1] ?? 60_000,
    };
    t.app.ctx.jobs.register({
      ...base,
      kind: 'test-echo',
      parse: (payload) => payload,
      run: async (payload) => {
        runs.push({ kind: 'test-echo', value: payload });
      },
    });
    t.app.ctx.jobs.register({
      ...base,
      kind: 'test-flaky',
      parse: (payload) => payload,
      run: async (payload) => {
        runs.push({ kind: 'test-flaky', value: payload });
        if (failuresLeft > 0) {
          failuresLeft -= 1;
          // An error that carries what must never be shown: a URL's password and a code.
          throw new Error('connect failed to smtp://mailer:hunter22@mail.example.com with code 493817');
        }
      },
    });
    t.app.ctx.jobs.register({
      ...base,
      kind: 'test-gated',
      parse: (payload) => payload,
      run: async () => {
        await gate;
        throw new Error('the mail server refused');
      },
    });
    t.app.ctx.jobs.register({
      ...base,
      kind: 'test-strict',
      parse: (payload) => {
        if (typeof payload !== 'object' || payload === null || !('n' in payload))
          throw new PermanentJobError('no n in the payload');
        return payload;
      },
      run: async (payload) => {
        runs.push({ kind: 'test-strict', value: payload });
      },
    });
  });
  afterAll(async () => t.close());

  /** A jobs row written by hand, queued at `at` (as the queue would not write it: broken, or orphaned). */
  const rawJob = (job: { kind: string; payload: string; summary: string; at: string }) => ({
    kind: job.kind,
    key: null,
    payload: job.payload,
    summary: job.summary,
    status: 'queued' as const,
    run_at: job.at,
    max_attempts: 5,
    claim: null,
    last_error: null,
    created_at: job.at,
    updated_at: job.at,
    finished_at: null,
  });

  const jobRow = (id: number) => t.app.ctx.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  async function until<T>(what: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = await what();
      if (value !== undefined && value !== false) return value;
      if (Date.now() > deadline) throw new Error('timed out waiting');
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const enqueue = async (kind: string, payload: unknown) => {
    const id = await t.app.ctx.db.transaction().execute((trx) => t.app.ctx.jobs.enqueue(trx, kind, payload, { summary: kind }));
    t.app.ctx.jobs.wake();
    return id;
  };

  it('writes a job only when its transaction commits, and runs it once', async () => {
    await expect(
      t.app.ctx.db.transaction().execute(async (trx) => {
        await t.app.ctx.jobs.enqueue(trx, 'test-echo', { rolled: 'back' }, { summary: 'never' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');

    const id = await enqueue('test-echo', { hello: 'Namaste' });
    const done = await until(async () => {
      const row = await jobRow(id);
      return row.status === 'done' ? row : undefined;
    });
    expect(done.attempts).toBe(1);
    expect(done.claim).toBeNull();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(runs.filter((run) => run.kind === 'test-echo')).toEqual([{ kind: 'test-echo', value: { hello: 'Namaste' } }]);
    expect(await t.app.ctx.db.selectFrom('jobs').select('id').where('summary', '=', 'never').execute()).toEqual([]);
  });

  it('retries a failing job after growing pauses, then fails it for good with its error masked', async () => {
    failuresLeft = 99;
    const id = await enqueue('test-flaky', { n: 1 });
    const first = await until(async () => {
      const row = await jobRow(id);
      return row.status === 'queued' && row.attempts === 1 ? row : undefined;
    });
    // The first pause is 10 s: not taken again before then.
    expect(Date.parse(first.run_at) - Date.parse(first.updated_at)).toBe(10_000);
    expect(first.last_error).toContain('smtp://***:***@mail.example.com');
    expect(first.last_error).toContain('######');
    expect(first.last_error).not.toMatch(/hunter22|493817/);
    await new Promise((resolve) => setTimeout(resolve, 1_200));
    expect((await jobRow(id)).attempts).toBe(1);

    t.clock.advance(10_000);
    t.app.ctx.jobs.wake();
    const second = await until(async () => {
      const row = await jobRow(id);
      return row.status === 'queued' && row.attempts === 2 ? row : undefined;
    });
    expect(Date.parse(second.run_at) - Date.parse(second.updated_at)).toBe(30_000);

    t.clock.advance(30_000);
    t.app.ctx.jobs.wake();
    const failed = await until(async () => {
      const row = await jobRow(id);
      return row.status === 'failed' ? row : undefined;
    });
    expect(failed.attempts).toBe(3);
    expect(failed.finished_at).not.toBeNull();
    expect(runs.filter((run) => run.kind === 'test-flaky')).toHaveLength(3);
  });

  it('fails a broken job alone (unknown kind, broken JSON, a payload its handler refuses) and keeps working', async () => {
    const now = t.clock.now().toISOString();
    const broken = await t.app.ctx.db
      .insertInto('jobs')
      .values([
        rawJob({ kind: 'no-such-kind', payload: '{}', summary: 'unknown', at: now }),
        rawJob({ kind: 'test-echo', payload: '{not json', summary: 'broken json', at: now }),
        rawJob({ kind: 'test-strict', payload: '{"m":1}', summary: 'refused', at: now }),
      ])
      .returning('id')
      .execute();
    const good = await enqueue('test-strict', { n: 7 });

    for (const { id } of broken) {
      const row = await until(async () => {
        const current = await jobRow(id);
        return current.status === 'failed' ? current : undefined;
      });
      // Failed at the first take: no retry can mend it.
      expect(row.attempts).toBe(1);
    }
    const errors = await Promise.all(broken.map(async ({ id }) => (await jobRow(id)).last_error));
    expect(errors).toEqual(["unknown job kind 'no-such-kind'", 'its payload is not valid JSON', 'no n in the payload']);
    await until(async () => (await jobRow(good)).status === 'done');
    expect(runs).toContainEqual({ kind: 'test-strict', value: { n: 7 } });
  });

  it('does not queue again a job that fails while its replacement is being written', async () => {
    const key = 'gated:1';
    const first = await t.app.ctx.db
      .transaction()
      .execute((trx) => t.app.ctx.jobs.enqueueClaimed(trx, 'test-gated', { n: 1 }, { summary: 'first', key }));
    const running = t.app.ctx.jobs.runClaimed(first);
    // The replacement is written while the first is running; it fails before that transaction commits.
    await t.app.ctx.db.transaction().execute(async (trx) => {
      await t.app.ctx.jobs.enqueue(trx, 'test-gated', { n: 2 }, { summary: 'second', key, delayMs: 60_000 });
      openGate();
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    expect(await running).toBe(false);
    const rows = await t.app.ctx.db
      .selectFrom('jobs')
      .select(['summary', 'status'])
      .where('key', '=', key)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([
      { summary: 'first', status: 'done' },
      { summary: 'second', status: 'queued' },
    ]);
  });

  it('takes again a job whose taker died (its lease ended)', async () => {
    const past = new Date(t.clock.now().getTime() - 1_000).toISOString();
    const { id } = await t.app.ctx.db
      .insertInto('jobs')
      .values({
        ...rawJob({ kind: 'test-echo', payload: '{"orphan":true}', summary: 'orphan', at: past }),
        status: 'running',
        attempts: 1,
        max_attempts: 3,
        claim: 'a-dead-process',
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    t.app.ctx.jobs.wake();
    const row = await until(async () => {
      const current = await jobRow(id);
      return current.status === 'done' ? current : undefined;
    });
    expect(row.attempts).toBe(2);
    expect(runs).toContainEqual({ kind: 'test-echo', value: { orphan: true } });
  });

  it('shows the admin what failed for good, and retries it once asked', async () => {
    const admin = await adminToken(t);
    const shopper = await makeShopper(t);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs', headers: bearer(shopper.token) })).statusCode).toBe(403);
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/admin/jobs/1/retry', headers: bearer(shopper.token) })).statusCode,
    ).toBe(403);

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/jobs?status=failed', headers: bearer(admin) });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const { jobs, total } = res.json<{ jobs: JobSummary[]; total: number }>();
    expect(total).toBe(4);
    const flaky = jobs.find((job) => job.kind === 'test-flaky')!;
    expect(flaky).toMatchObject({ status: 'failed', attempts: 3, maxAttempts: 3 });
    expect(flaky.lastError).not.toMatch(/hunter22|493817/);
    expect(res.body).not.toMatch(/hunter22|493817/);

    expect((await t.app.inject({ method: 'GET', url: '/api/admin/jobs?status=lost', headers: bearer(admin) })).statusCode).toBe(
      400,
    );
    const missing = await t.app.inject({ method: 'POST', url: '/api/admin/jobs/999999/retry', headers: bearer(admin) });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(JOB_MESSAGES.notFound);
    const doneJob = (await t.app.inject({ method: 'GET', url: '/api/admin/jobs?status=done', headers: bearer(admin) })).json<{
      jobs: JobSummary[];
    }>().jobs[0]!;
    const notFailed = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${doneJob.id}/retry`, headers: bearer(admin) });
    expect(notFailed.statusCode).toBe(409);
    expect(notFailed.json().message).toBe(JOB_MESSAGES.notFailed);

    failuresLeft = 0;
    const before = runs.length;
    const retried = await t.app.inject({ method: 'POST', url: `/api/admin/jobs/${flaky.id}/retry`, headers: bearer(admin) });
    expect(retried.statusCode).toBe(200);
    expect(retried.json()).toMatchObject({ message: JOB_MESSAGES.retried, job: { id: flaky.id, status: 'queued', attempts: 0 } });
    await until(async () => (await jobRow(flaky.id)).status === 'done');
    expect(runs.slice(before)).toEqual([{ kind: 'test-flaky', value: { n: 1 } }]);
  });

  it('at shut-down takes no new job but lets a running one finish', async () => {
    let release: () => void = () => undefined;
    const started: string[] = [];
    t.app.ctx.jobs.register({
      kind: 'test-slow',
      maxAttempts: 2,
      timeoutMs: 5_000,
      retryDelayMs: () => 1_000,
      parse: (payload) => payload as { name: string },
      run: async ({ name }) => {
        started.push(name);
        await new Promise<void>((resolve) => {
          release = resolve;
        });
      },
    });
    const slow = await enqueue('test-slow', { name: 'first' });
    await until(() => started.length === 1);
    t.app.ctx.jobs.stopTaking();
    const later = await enqueue('test-echo', { after: 'stop' });
    const stopping = t.app.ctx.jobs.stop(5_000);
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await stopping;
    expect((await jobRow(slow)).status).toBe('done');
    expect((await jobRow(later)).status).toBe('queued');
    // Back to work for the rest of the file's life.
    t.app.ctx.jobs.start();
    await until(async () => (await jobRow(later)).status === 'done');
  });
});
