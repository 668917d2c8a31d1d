import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RESET_CODES_PER_SOURCE_HOUR } from '../../src/server/features/accounts/recovery.js';
import { createAdmin } from '../../src/server/features/admin/service.js';
import { RECOVERY_MESSAGES } from '../../src/shared/account-recovery.js';
import { ACCOUNT_MESSAGES } from '../../src/shared/accounts.js';
import { buildTestApp, type TestApp } from '../helpers/app.js';
import {
  bearer,
  expectNoSecrets,
  loginAs,
  registerAndVerify,
  registerAndVerifyBySms,
  registerShopper,
  ROOT_ADMIN,
  type Shopper,
  smsCodeFor,
} from '../helpers/accounts.js';

/** A way back in: forgot password, and the shopper's and admin's own changes. */
describe('a way back in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(async () => t.close());

  let ipCounter = 0;
  const nextIp = () => `10.8.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;
  const post = (url: string, payload: object, options: { token?: string; ip?: string; cookie?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url,
      payload,
      remoteAddress: options.ip ?? '127.0.0.1',
      headers: { ...(options.token ? bearer(options.token) : {}), ...(options.cookie ? { cookie: options.cookie } : {}) },
    });
  const login = (emailOrPhone: string, password: string, ip = nextIp()) =>
    post('/api/users/login', { emailOrPhone, password }, { ip });
  const findUser = (shopper: Shopper, token: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/findUser/${shopper.userId}`, headers: bearer(token) });

  describe('forgot password', () => {
    it('answers the same for an unknown address, and mails a code only to an account’s', async () => {
      const shopper = await registerAndVerify(t);
      const before = t.mail.messages.length;
      const known = await post('/api/users/forgot-password', { email: shopper.email.toUpperCase() }, { ip: nextIp() });
      const unknown = await post('/api/users/forgot-password', { email: 'nobody.here@example.com' }, { ip: nextIp() });
      expect(known.statusCode).toBe(200);
      expect(unknown.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: RECOVERY_MESSAGES.resetCodeSent });
      expect(unknown.json()).toEqual(known.json());
      const mail = await t.mail.waitFor(shopper.email, { since: before });
      expect(mail.subject).toBe('Your Pasal password reset code');
      expect(t.mail.messages.slice(before).some((m) => m.to.includes('nobody.here@example.com'))).toBe(false);
      // The code is sealed in the queue: the jobs table holds no code.
      const code = await t.mail.otpFor(shopper.email, before);
      const jobs = await t.app.ctx.db.selectFrom('jobs').select('payload').execute();
      expect(JSON.stringify(jobs)).not.toContain(code);
    });

    it('resets the password with the mailed code, ends every session, and tells the owner', async () => {
      const shopper = await registerAndVerify(t);
      const token = await loginAs(t, shopper);
      const before = t.mail.messages.length;
      await post('/api/users/forgot-password', { email: shopper.email }, { ip: nextIp() });
      const code = await t.mail.otpFor(shopper.email, before);
      const newPassword = 'a brand new secret';
      const wrong = await post('/api/users/reset-password', {
        email: shopper.email,
        otp: code === '000000' ? '111111' : '000000',
        password: newPassword,
        confirmPassword: newPassword,
      });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe('Invalid OTP. 4 attempts left.');

      const res = await post('/api/users/reset-password', {
        email: shopper.email,
        otp: code,
        password: newPassword,
        confirmPassword: newPassword,
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: RECOVERY_MESSAGES.passwordReset });
      expectNoSecrets(res.body);
      expect((await findUser(shopper, token)).statusCode).toBe(401);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
      expect((await login(shopper.email, newPassword)).statusCode).toBe(200);
      // Single use.
      const again = await post('/api/users/reset-password', {
        email: shopper.email,
        otp: code,
        password: 'yet another one',
        confirmPassword: 'yet another one',
      });
      expect(again.statusCode).toBe(400);
      expect(again.json().message).toBe(ACCOUNT_MESSAGES.otpNone);
      const notice = await t.mail.waitFor(shopper.email, { since: before + 1 });
      expect(notice.subject).toBe('Your Pasal password was changed');
    });

    it('validates the new password as registration does, and refuses a code for an unknown address', async () => {
      const short = await post('/api/users/reset-password', {
        email: 'a@example.com',
        otp: '123456',
        password: 'short',
        confirmPassword: 'short',
      });
      expect(short.statusCode).toBe(400);
      expect(short.json().errors).toEqual({ password: 'New password must be at least 8 characters' });
      const mismatch = await post('/api/users/reset-password', {
        email: 'a@example.com',
        otp: '123456',
        password: 'long enough 1',
        confirmPassword: 'long enough 2',
      });
      expect(mismatch.json().errors).toEqual({ confirmPassword: 'Passwords do not match' });
      const unknown = await post('/api/users/reset-password', {
        email: 'nobody.at.all@example.com',
        otp: '123456',
        password: 'long enough 1',
        confirmPassword: 'long enough 1',
      });
      expect(unknown.statusCode).toBe(400);
      expect(unknown.json().message).toBe(ACCOUNT_MESSAGES.otpNone);
    });

    it('answers reset-password for an unknown address exactly as for an account’s (ADR 0016)', async () => {
      const shopper = await registerAndVerify(t);
      const nobody = `nobody.${shopper.userId}@example.com`;
      const ip = { known: nextIp(), unknown: nextIp() };
      const reset = (who: 'known' | 'unknown', otp: string) =>
        post(
          '/api/users/reset-password',
          { email: who === 'known' ? shopper.email : nobody, otp, password: 'a new password', confirmPassword: 'a new password' },
          { ip: ip[who] },
        );
      const forgot = (who: 'known' | 'unknown') =>
        post('/api/users/forgot-password', { email: who === 'known' ? shopper.email : nobody }, { ip: ip[who] });
      const answer = (res: Awaited<ReturnType<typeof post>>) => ({ status: res.statusCode, body: res.json() });
      const both = async (act: (who: 'known' | 'unknown') => ReturnType<typeof post>) => {
        const known = answer(await act('known'));
        const unknown = answer(await act('unknown'));
        expect(unknown).toEqual(known);
        return known;
      };

      // No code asked for yet.
      expect(await both((who) => reset(who, '123456'))).toEqual({
        status: 400,
        body: expect.objectContaining({ message: ACCOUNT_MESSAGES.otpNone }),
      });
      // A code asked for: each wrong guess counts down, then the same lock.
      const before = t.mail.messages.length;
      await both(forgot);
      const code = await t.mail.otpFor(shopper.email, before);
      const wrong = code === '000000' ? '111111' : '000000';
      const messages: string[] = [];
      for (let i = 0; i < 6; i += 1) messages.push((await both((who) => reset(who, wrong))).body.message);
      expect(messages).toEqual([
        'Invalid OTP. 4 attempts left.',
        ACCOUNT_MESSAGES.otpWrong(3),
        ACCOUNT_MESSAGES.otpWrong(2),
        ACCOUNT_MESSAGES.otpWrong(1),
        ACCOUNT_MESSAGES.otpWrong(0),
        ACCOUNT_MESSAGES.otpLocked,
      ]);
      // A new code starts the count afresh; after its ten minutes, both say it has expired.
      await both(forgot);
      expect((await both((who) => reset(who, wrong))).body.message).toBe(ACCOUNT_MESSAGES.otpWrong(4));
      t.clock.advance(11 * 60 * 1000);
      expect(await both((who) => reset(who, wrong))).toEqual({
        status: 400,
        body: expect.objectContaining({ message: ACCOUNT_MESSAGES.otpExpired }),
      });
    });

    it('counts strangers’ wrong codes together for an unknown address too (the same twenty, the same lock)', async () => {
      const shopper = await registerAndVerify(t);
      const email = { known: shopper.email, unknown: `nobody.else.${shopper.userId}@example.com` };
      const before = t.mail.messages.length;
      for (const who of ['known', 'unknown'] as const)
        await post('/api/users/forgot-password', { email: email[who] }, { ip: nextIp() });
      const code = await t.mail.otpFor(shopper.email, before);
      const wrong = code === '000000' ? '111111' : '000000';
      const body = (who: 'known' | 'unknown') => ({
        email: email[who],
        otp: wrong,
        password: 'a new password',
        confirmPassword: 'a new password',
      });
      // Guesses from eight addresses in turn: the last ones each have tries of their own left, but strangers' twenty run out.
      const answers: string[] = [];
      for (const guesses of [5, 5, 5, 2, 1, 1, 1, 1]) {
        const ip = { known: nextIp(), unknown: nextIp() };
        for (let i = 0; i < guesses; i += 1) {
          const known = await post('/api/users/reset-password', body('known'), { ip: ip.known });
          const unknown = await post('/api/users/reset-password', body('unknown'), { ip: ip.unknown });
          expect({ status: unknown.statusCode, body: unknown.json() }).toEqual({ status: known.statusCode, body: known.json() });
          answers.push(known.json().message);
        }
      }
      expect(answers.slice(-4)).toEqual([
        ACCOUNT_MESSAGES.otpWrong(2),
        ACCOUNT_MESSAGES.otpWrong(1),
        ACCOUNT_MESSAGES.otpWrong(0),
        ACCOUNT_MESSAGES.otpLocked,
      ]);
    });

    it('verifies an unverified account (the code proves the address)', async () => {
      const shopper = await registerShopper(t);
      const before = t.mail.messages.length;
      await post('/api/users/forgot-password', { email: shopper.email }, { ip: nextIp() });
      const code = await t.mail.otpFor(shopper.email, before);
      expect(
        (
          await post('/api/users/reset-password', {
            email: shopper.email,
            otp: code,
            password: 'proved by mail',
            confirmPassword: 'proved by mail',
          })
        ).statusCode,
      ).toBe(200);
      const row = await t.app.ctx.db
        .selectFrom('users')
        .select('email_verified')
        .where('id', '=', shopper.userId)
        .executeTakeFirstOrThrow();
      expect(row.email_verified).toBe(1);
    });

    it('a stranger asking for codes cannot use up the owner’s requests, nor kill the owner’s code', async () => {
      const shopper = await registerAndVerify(t);
      const owned = String((await login(shopper.email, shopper.password)).headers['set-cookie']).split(';')[0]!;
      const stranger = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i <= RESET_CODES_PER_SOURCE_HOUR; i += 1) {
        statuses.push((await post('/api/users/forgot-password', { email: shopper.email }, { ip: stranger })).statusCode);
      }
      expect(statuses.at(-1)).toBe(429);
      // The stranger's codes go out through the job queue, on a busy machine some of them after the
      // answer: all must be out before the owner asks, or a late one would pass for the owner's code.
      const mailsWaiting = async () =>
        (
          await t.app.ctx.db
            .selectFrom('jobs')
            .select('id')
            .where('kind', '=', 'mail')
            .where('status', 'in', ['queued', 'running'])
            .execute()
        ).length;
      await expect.poll(mailsWaiting).toBe(0);
      const before = t.mail.messages.length;
      expect(
        (await post('/api/users/forgot-password', { email: shopper.email }, { ip: stranger, cookie: owned })).statusCode,
      ).toBe(200);
      const code = await t.mail.otpFor(shopper.email, before);
      const wrong = code === '000000' ? '111111' : '000000';
      for (let i = 0; i < 6; i += 1) {
        await post(
          '/api/users/reset-password',
          { email: shopper.email, otp: wrong, password: 'owner is back', confirmPassword: 'owner is back' },
          { ip: stranger },
        );
      }
      const owner = await post(
        '/api/users/reset-password',
        { email: shopper.email, otp: code, password: 'owner is back', confirmPassword: 'owner is back' },
        { ip: stranger, cookie: owned },
      );
      expect(owner.statusCode, owner.body).toBe(200);
    });
  });

  describe('changes in the Account tab', () => {
    it('changes the password with the old one: other sessions end, this one stays', async () => {
      const shopper = await registerAndVerify(t);
      const here = await loginAs(t, shopper);
      const elsewhere = await loginAs(t, shopper);
      const body = (currentPassword: string, password: string) => ({ currentPassword, password, confirmPassword: password });
      const wrong = await post('/api/users/change-password', body('not my password', 'new password 1'), { token: here });
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().message).toBe(RECOVERY_MESSAGES.currentPasswordWrong);
      const same = await post('/api/users/change-password', body(shopper.password, shopper.password), { token: here });
      expect(same.json().message).toBe(RECOVERY_MESSAGES.samePassword);

      const res = await post('/api/users/change-password', body(shopper.password, 'new password 1'), { token: here });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ message: RECOVERY_MESSAGES.passwordChanged });
      expect((await findUser(shopper, here)).statusCode).toBe(200);
      expect((await findUser(shopper, elsewhere)).statusCode).toBe(401);
      expect((await login(shopper.email, 'new password 1')).statusCode).toBe(200);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
    });

    it('checks the token before the body, and takes no user id from the client', async () => {
      for (const url of [
        '/api/users/change-password',
        '/api/users/change-email',
        '/api/users/confirm-email',
        '/api/users/change-phone',
      ]) {
        const res = await post(url, { nonsense: true });
        expect(res.statusCode, url).toBe(401);
      }
    });

    it('changes the email with a code sent to the new address; the old address is told', async () => {
      const shopper = await registerAndVerify(t);
      const taken = await registerAndVerify(t);
      const token = await loginAs(t, shopper);
      const refused = await post('/api/users/change-email', { email: taken.email, currentPassword: shopper.password }, { token });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.emailTaken);

      const newEmail = `moved.${shopper.userId}@example.com`;
      const before = t.mail.messages.length;
      const res = await post('/api/users/change-email', { email: newEmail, currentPassword: shopper.password }, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().message).toBe(RECOVERY_MESSAGES.emailCodeSent(newEmail));
      const code = await t.mail.otpFor(newEmail, before);
      // Not yet changed.
      expect((await findUser(shopper, token)).json().user.email).toBe(shopper.email);

      const confirmed = await post('/api/users/confirm-email', { otp: code }, { token });
      expect(confirmed.statusCode, confirmed.body).toBe(200);
      expect(confirmed.json().user).toMatchObject({ id: shopper.userId, email: newEmail, emailVerified: true });
      expect((await findUser(shopper, token)).json().user.email).toBe(newEmail);
      const notice = await t.mail.waitFor(shopper.email, { since: before });
      expect(notice.subject).toBe('Your Pasal email was changed');
      expect(notice.text).not.toContain(newEmail);
      expect((await login(newEmail, shopper.password)).statusCode).toBe(200);
      expect((await login(shopper.email, shopper.password)).statusCode).toBe(401);
      expect((await post('/api/users/confirm-email', { otp: code }, { token })).json().message).toBe(ACCOUNT_MESSAGES.otpNone);
    });

    it('changes the phone number with the password, proved by a texted code; a proved number is refused', async () => {
      const shopper = await registerAndVerify(t);
      const taken = await registerAndVerifyBySms(t);
      const token = await loginAs(t, shopper);
      const refused = await post(
        '/api/users/change-phone',
        { phoneNumber: taken.phoneNumber, currentPassword: shopper.password },
        { token },
      );
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toBe(ACCOUNT_MESSAGES.phoneTaken);
      const bad = await post('/api/users/change-phone', { phoneNumber: '12345', currentPassword: shopper.password }, { token });
      expect(bad.json().errors).toEqual({ phoneNumber: 'Phone Number should be 10 digits' });

      const phoneNumber = `98${String(shopper.userId).slice(-8)}`;
      const res = await post('/api/users/change-phone', { phoneNumber, currentPassword: shopper.password }, { token });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({ message: RECOVERY_MESSAGES.phoneChanged, user: { phoneNumber, phoneVerified: false } });
      // Not proved yet: it does not log in.
      expect((await login(phoneNumber, shopper.password)).statusCode).toBe(401);
      expect((await post('/api/users/phone-code', {}, { token })).statusCode).toBe(200);
      const otp = await smsCodeFor(t, phoneNumber, 0);
      const proved = await post('/api/users/verify-phone', { otp }, { token });
      expect(proved.statusCode, proved.body).toBe(200);
      expect(proved.json().user).toMatchObject({ phoneNumber, phoneVerified: true, emailVerified: true });
      expect((await login(phoneNumber, shopper.password)).statusCode).toBe(200);
    });
  });

  describe('the admin’s own password', () => {
    it('changes with the current one; the admin’s other sessions end', async () => {
      const other = { username: 'second-admin', password: 'second admin pass' };
      await createAdmin({ db: t.app.ctx.db, clock: t.clock }, other.username, other.password);
      const adminLogin = async (password: string) =>
        post('/api/admin/login', { username: other.username, password }, { ip: nextIp() });
      const here = (await adminLogin(other.password)).json<{ token: string }>().token;
      const elsewhere = (await adminLogin(other.password)).json<{ token: string }>().token;
      const change = (currentPassword: string, password: string, token = here) =>
        post('/api/admin/change-password', { currentPassword, password, confirmPassword: password }, { token });
      expect((await change('wrong one', 'admin new pass')).json().message).toBe(RECOVERY_MESSAGES.currentPasswordWrong);
      const shopper = await registerAndVerify(t);
      expect((await change(other.password, 'admin new pass', await loginAs(t, shopper))).statusCode).toBe(403);

      expect((await change(other.password, 'admin new pass')).statusCode).toBe(200);
      const me = (token: string) => t.app.inject({ method: 'GET', url: '/api/admin/me', headers: bearer(token) });
      expect((await me(here)).statusCode).toBe(200);
      expect((await me(elsewhere)).statusCode).toBe(401);
      expect((await adminLogin('admin new pass')).statusCode).toBe(200);
      expect((await adminLogin(other.password)).statusCode).toBe(401);
    });

    it('refuses for the admin whose password ADMIN_PASSWORD sets (the next start would undo it)', async () => {
      const root = (await post('/api/admin/login', ROOT_ADMIN, { ip: nextIp() })).json<{ token: string }>().token;
      const res = await post(
        '/api/admin/change-password',
        { currentPassword: ROOT_ADMIN.password, password: 'another admin pass', confirmPassword: 'another admin pass' },
        { token: root },
      );
      expect(res.statusCode).toBe(409);
      expect(res.json().message).toBe(RECOVERY_MESSAGES.adminPasswordFromEnvironment);
      expect((await post('/api/admin/login', ROOT_ADMIN, { ip: nextIp() })).statusCode).toBe(200);
    });
  });
});
