import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SMS_CODE_JOB, SMS_JOB } from '../../src/server/features/sms/sender.js';
import { type TestApp, buildTestApp } from '../helpers/app.js';
import { FakeSmsGateway } from '../helpers/sms-gateways.js';

/**
 * The sender with each gateway's local stand-in over real HTTP: a text goes out through the queue;
 * a number the gateway calls invalid fails at once and alone; a 500, a page that is not JSON, an
 * error answer or a gateway that hangs leaves a job to try again, never a lost text.
 */
const providers = [
  { name: 'aakash', path: '/sms/v3/send', env: { SMS_PROVIDER: 'aakash', SMS_TOKEN: 'aakash-secret-token' } },
  { name: 'sparrow', path: '/v2/sms/', env: { SMS_PROVIDER: 'sparrow', SMS_TOKEN: 'sparrow-secret-token', SMS_FROM: 'Pasal' } },
] as const;

for (const provider of providers) {
  describe(`SMS through ${provider.name}`, () => {
    let t: TestApp;
    const gateway = new FakeSmsGateway();

    beforeAll(async () => {
      const base = await gateway.start();
      t = await buildTestApp({ ...provider.env, SMS_API_URL: `${base}${provider.path}`, SMS_TIMEOUT_SECONDS: '1' });
    });
    afterAll(async () => {
      await t.close();
      await gateway.stop();
    });
    beforeEach(() => {
      gateway.mode = 'ok';
      gateway.invalidNumbers.clear();
      gateway.received.length = 0;
    });

    const queue = async (to: string, text: string, kind: 'order' | 'code' = 'order') => {
      const result = await t.app.ctx.sms.queue(t.app.ctx.db, { to, kind, text });
      t.app.ctx.jobs.wake();
      if (!result.queued) throw new Error(`not queued: ${result.reason}`);
      return result.id;
    };
    const row = (id: number) =>
      t.app.ctx.db
        .selectFrom('sms_messages as s')
        .leftJoin('jobs as j', 'j.id', 's.job_id')
        .select(['s.status', 's.segments', 's.encoding', 'j.status as job', 'j.attempts', 'j.last_error', 'j.payload', 'j.kind'])
        .where('s.id', '=', id)
        .executeTakeFirstOrThrow();
    const retryDue = async () => {
      t.clock.advance(11_000);
      t.app.ctx.jobs.wake();
    };

    it('sends a text with the documented form fields, to the number as 10 digits', async () => {
      const id = await queue('+977 ९८४१-२३४५६७', 'Your order PSL-1 is on its way');
      await expect.poll(async () => (await row(id)).job, { timeout: 10_000 }).toBe('done');
      expect(gateway.received).toHaveLength(1);
      const sent = gateway.received[0]!;
      expect(sent.contentType).toBe('application/x-www-form-urlencoded');
      expect(sent.fields.to).toBe('9841234567');
      expect(sent.fields.text).toBe('Your order PSL-1 is on its way');
      if (provider.name === 'aakash') expect(sent.fields.auth_token).toBe('aakash-secret-token');
      else expect(sent.fields).toMatchObject({ token: 'sparrow-secret-token', from: 'Pasal' });
      expect(await row(id)).toMatchObject({ job: 'done', segments: 1, encoding: 'gsm7', kind: SMS_JOB });
    });

    it('fails a number the gateway calls invalid at once, and only that text', async () => {
      gateway.invalidNumbers.add('9800000001');
      const bad = await queue('9800000001', 'Hello');
      const good = await queue('9800000002', 'Hello');
      await expect.poll(async () => [(await row(bad)).job, (await row(good)).job], { timeout: 10_000 }).toEqual(['failed', 'done']);
      expect([(await row(bad)).status, (await row(good)).status]).toEqual(['invalid', 'sent']);
      expect(await row(bad)).toMatchObject({ job: 'failed', attempts: 1 });
      expect((await row(bad)).last_error).toContain('invalid');
      expect(gateway.received.filter((text) => text.fields.to === '9800000001')).toHaveLength(1);
    });

    for (const mode of ['server-error', 'garbage', 'refuse', 'hang'] as const) {
      it(`tries again later when the gateway answers ${mode}`, async () => {
        gateway.mode = mode;
        const id = await queue('9812345678', 'नमस्ते');
        await expect.poll(async () => (await row(id)).job === 'queued' && (await row(id)).last_error, { timeout: 10_000 }).toBeTruthy();
        const failed = await row(id);
        expect(failed).toMatchObject({ status: 'queued', job: 'queued', attempts: 1 });
        // The error names the gateway's answer, never its token.
        expect(failed.last_error).not.toContain('secret-token');
        gateway.mode = 'ok';
        await retryDue();
        await expect.poll(async () => (await row(id)).job, { timeout: 10_000 }).toBe('done');
        expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, encoding: 'ucs2' });
      });
    }

    it('keeps a code out of the jobs table and the log table', async () => {
      const id = await queue('9851234567', 'Your Pasal code is 482913', 'code');
      const queued = await row(id);
      expect(queued.kind).toBe(SMS_CODE_JOB);
      expect(queued.payload).not.toContain('482913');
      await expect.poll(async () => (await row(id)).status, { timeout: 10_000 }).toBe('sent');
      expect(gateway.received.at(-1)?.fields.text).toBe('Your Pasal code is 482913');
      const stored = JSON.stringify(await t.app.ctx.db.selectFrom('sms_messages').selectAll().execute());
      expect(stored).not.toContain('482913');
    });
  });
}

describe('SMS without a gateway', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('writes each text to DATA_DIR/outbox/sms', async () => {
    const result = await t.app.ctx.sms.queue(t.app.ctx.db, { to: '9761234567', kind: 'order', text: 'Order placed' });
    t.app.ctx.jobs.wake();
    expect(result.queued).toBe(true);
    const folder = path.join(t.dataDir, 'outbox', 'sms');
    await expect.poll(() => (fs.existsSync(folder) ? fs.readdirSync(folder).length : 0), { timeout: 10_000 }).toBe(1);
    const file = fs.readdirSync(folder)[0]!;
    expect(file).toContain('9761234567');
    expect(fs.readFileSync(path.join(folder, file), 'utf8')).toContain('Order placed');
  });

  it('refuses anything but a Nepali mobile number, writing nothing', async () => {
    for (const to of ['014123456', '01-4123456', '+14155550100', '984123456', '98412345678', '9612345678', 'abc']) {
      expect(await t.app.ctx.sms.queue(t.app.ctx.db, { to, kind: 'code', text: 'x' })).toEqual({ queued: false, reason: 'not-mobile' });
    }
    const rows = await t.app.ctx.db.selectFrom('sms_messages').select('phone').where('kind', '=', 'code').execute();
    expect(rows).toEqual([]);
  });
});
