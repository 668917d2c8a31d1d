import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig } from '../../src/server/config.js';
import { ensureBootstrapAdmin } from '../../src/server/features/admin/bootstrap.js';
import { createTestDatabase, TestClock } from '../helpers/app.js';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { ROOT_ADMIN, bearer, shopperData } from '../helpers/accounts.js';

/**
 * A real SMTP server that takes every message in but refuses (554) those to bounce-* addresses,
 * so the server sees a failed delivery while the test still learns which code it tried to send.
 */
function startPickySmtp() {
  const messages: Array<{ to: string; raw: string; accepted: boolean }> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const to = session.envelope.rcptTo[0]?.address ?? '';
        const accepted = !to.startsWith('bounce');
        messages.push({
          to,
          raw: Buffer.concat(chunks)
            .toString('utf8')
            .replace(/=\r?\n/g, ''),
          accepted,
        });
        if (accepted) callback();
        else callback(Object.assign(new Error('mailbox unavailable'), { responseCode: 554 }));
      });
    },
  });
  return {
    messages,
    listen: () =>
      new Promise<string>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve(`smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
    codeFor(to: string) {
      const mail = messages.filter((m) => m.to === to).at(-1);
      const code = mail ? /^(\d{6})\r?$/m.exec(mail.raw)?.[1] : undefined;
      if (!code) throw new Error(`no code mailed to ${to}`);
      return code;
    },
  };
}

describe('mail failures and what the logs hold', () => {
  const logLines: string[] = [];
  const smtp = startPickySmtp();
  const clock = new TestClock();
  let app: FastifyInstance;
  let dataDir: string;
  let dropDatabase: () => Promise<void>;
  const secrets: string[] = [];
  const codes: string[] = [];

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pasal-log-test-'));
    const database = await createTestDatabase();
    dropDatabase = () => database.drop();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      SMTP_URL: await smtp.listen(),
      SEED_DEMO: 'false',
      ADMIN_USERNAME: ROOT_ADMIN.username,
      ADMIN_PASSWORD: ROOT_ADMIN.password,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    app = await buildApp({
      config,
      clock,
      serveWeb: false,
      // The production logger settings, at the chattiest level, into memory.
      logger: {
        level: 'trace',
        redact: ['req.headers.authorization', 'req.headers.cookie'],
        stream: { write: (line: string) => logLines.push(line) },
      },
    });
    await app.ready();
    await ensureBootstrapAdmin(app.ctx, app.log);
  });
  afterAll(async () => {
    await app.close();
    await smtp.close();
    await dropDatabase();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url, payload, headers });

  it('keeps the account when the registration mail fails, queues the code, and tells the shopper it is on its way', async () => {
    const body = shopperData({ email: 'bounce.me@example.com' });
    secrets.push(body.password);
    const res = await post('/api/users/register', body);
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ otpQueued: true });
    const { userId } = res.json();
    codes.push(smtp.codeFor('bounce.me@example.com'));

    const user = await app.ctx.db.selectFrom('users').select(['id', 'email']).where('id', '=', userId).executeTakeFirst();
    expect(user?.email).toBe('bounce.me@example.com');
    // The send counts (the code will go out from the outbox), and the log says why it waits.
    expect(await app.ctx.db.selectFrom('otp_sends').select('id').where('user_id', '=', userId).execute()).toHaveLength(1);
    expect(logLines.join('\n')).toContain('the registration code mail is queued');

    // A minute later a new code: 202 "on its way", no code in the answer, the old code's mail replaced.
    clock.advance(61_000);
    const again = await post('/api/users/send-otp', { userId });
    expect(again.statusCode).toBe(202);
    expect(again.json().message).toBe(ACCOUNT_MESSAGES.otpQueued);
    codes.push(smtp.codeFor('bounce.me@example.com'));
    expect(again.body).not.toContain(codes.at(-1));
    const live = () =>
      app.ctx.db
        .selectFrom('jobs')
        .selectAll()
        .where('summary', 'like', 'bounce.me@example.com%')
        .where('status', '!=', 'done')
        .execute();
    // The old code's mail is dropped, or, when the worker was retrying it just then, finished unsent.
    await expect.poll(async () => (await live()).length).toBe(1);
    const queued = await live();
    expect(queued[0]!.last_error).toContain('mailbox unavailable');
    for (const code of codes) expect(JSON.stringify(queued)).not.toContain(code);
  });

  it('never logs passwords, codes or tokens, even at trace level', async () => {
    const body = shopperData({ email: 'logged.shopper@example.com' });
    secrets.push(body.password);
    const reg = await post('/api/users/register', body);
    const { userId } = reg.json();
    const code = smtp.codeFor('logged.shopper@example.com');
    codes.push(code);
    expect((await post('/api/users/verify-otp', { userId, otp: code === '000000' ? '000001' : '000000' })).statusCode).toBe(400);
    expect((await post('/api/users/verify-otp', { userId, otp: code })).statusCode).toBe(200);

    expect((await post('/api/users/login', { emailOrPhone: body.email, password: 'not-the-password-1' })).statusCode).toBe(401);
    secrets.push('not-the-password-1');
    const login = await post('/api/users/login', { emailOrPhone: body.email, password: body.password });
    const token = login.json().token as string;
    const newToken = (await post('/api/users/refresh-token', { token })).json().newToken as string;
    expect(
      (await app.inject({ method: 'GET', url: `/api/users/findUser/${userId}`, headers: bearer(newToken) })).statusCode,
    ).toBe(200);
    expect((await post('/api/users/refresh-token', { token })).statusCode).toBe(401); // replay, logged as a 401
    const second = (await post('/api/users/login', { emailOrPhone: body.email, password: body.password })).json().token as string;
    expect((await post('/api/users/logout', {}, bearer(second))).statusCode).toBe(200);

    const admin = (await post('/api/admin/login', ROOT_ADMIN)).json().token as string;
    expect((await app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(admin) })).statusCode).toBe(200);
    const adminNew = (await post('/api/admin/refresh-token', { token: admin })).json().newToken as string;
    secrets.push(ROOT_ADMIN.password, token, newToken, second, admin, adminNew);

    const log = logLines.join('\n');
    expect(logLines.length).toBeGreaterThan(20); // the requests really were logged
    for (const secret of secrets) expect(log).not.toContain(secret);
    for (const otp of codes) expect(log).not.toMatch(new RegExp(`(?<!\\d)${otp}(?!\\d)`));
    expect(log).not.toMatch(/\$argon2|password_hash|code_hash|eyJ/);
    const jwtSecret = fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim();
    expect(log).not.toContain(jwtSecret);
  });
});
