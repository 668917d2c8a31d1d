import crypto from 'node:crypto';
import fc from 'fast-check';
import { SignJWT, compactVerify, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { AUDIENCE, type SessionKind, TokenService } from '../../src/server/lib/tokens.js';

/**
 * TokenService verifies HS256 with node:crypto instead of jose. jose is the reference here: on
 * any token, ours must never accept what jose refuses, and must give the same answer whenever the
 * protected header is one we sign ({alg: HS256, typ: JWT}, or alg alone) and the signature is
 * canonical base64url (jose also takes it with padding).
 */

const SECRET = 'a-test-secret-of-more-than-32-characters-0123456789';
const key = new TextEncoder().encode(SECRET);
const tokens = new TokenService(SECRET);
const NOW = 1_800_000_000_000;
const nowS = NOW / 1000;
const b64 = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');

function toClaims(payload: Record<string, unknown>) {
  const { id, sid, jti, exp } = payload;
  if (typeof id !== 'number' || !Number.isSafeInteger(id)) return undefined;
  if (typeof sid !== 'string' || typeof jti !== 'string' || typeof exp !== 'number') return undefined;
  return { id, sid, jti, exp };
}

/** What jose's jwtVerify (the code this replaced) answers, with the same claim-type checks. */
async function reference(kind: SessionKind, token: string, nowMs: number) {
  try {
    const { payload } = await jwtVerify(token, key, {
      algorithms: ['HS256'],
      issuer: 'pasal',
      audience: AUDIENCE[kind],
      currentDate: new Date(nowMs),
    });
    return toClaims(payload);
  } catch {
    return undefined;
  }
}

/** What the old verifyIgnoringExpiry answered: signature by jose, then issuer and audience. */
async function referenceIgnoringExpiry(kind: SessionKind, token: string) {
  try {
    const { payload: bytes } = await compactVerify(token, key, { algorithms: ['HS256'] });
    const payload = JSON.parse(new TextDecoder().decode(bytes)) as Record<string, unknown>;
    const audience = payload.aud;
    const audienceOk = Array.isArray(audience) ? audience.includes(AUDIENCE[kind]) : audience === AUDIENCE[kind];
    if (payload.iss !== 'pasal' || !audienceOk) return undefined;
    return toClaims(payload);
  } catch {
    return undefined;
  }
}

const hmac = (secret: string | Uint8Array, input: string, algorithm = 'sha256') =>
  crypto.createHmac(algorithm, secret).update(input).digest('base64url');

const headerArb = fc.oneof(
  fc.constant<Record<string, unknown>>({ alg: 'HS256', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256' }),
  fc.constant<Record<string, unknown>>({ typ: 'JWT', alg: 'HS256' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', typ: 'jwt' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', typ: 'JWT', kid: 'k1' }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', crit: ['exp'] }),
  fc.constant<Record<string, unknown>>({ alg: 'HS256', b64: false, crit: ['b64'] }),
  fc.constant<Record<string, unknown>>({ alg: 'HS384', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({ alg: 'none', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({ alg: 'hs256', typ: 'JWT' }),
  fc.constant<Record<string, unknown>>({}),
);
/** Mostly a valid value (so that many tokens pass), sometimes another one. */
const mostly = <T, U>(valid: fc.Arbitrary<T>, other: fc.Arbitrary<U>) =>
  fc.oneof({ arbitrary: valid, weight: 6 }, { arbitrary: other, weight: 1 });
const odd = fc.constantFrom(undefined, '1800000000', null, true, [nowS + 60]);
const payloadArb = fc.record({
  id: mostly(fc.integer({ min: 1, max: 1_000_000 }), fc.constantFrom(undefined, '7', 1.5, null, 2 ** 60)),
  sid: mostly(fc.string({ minLength: 1, maxLength: 24 }), fc.constantFrom(undefined, 5)),
  jti: mostly(fc.string({ minLength: 1, maxLength: 16 }), fc.constantFrom(undefined, null)),
  iss: mostly(fc.constant('pasal'), fc.constantFrom(undefined, 'Pasal', 'other', '', ['pasal'])),
  aud: mostly(
    fc.constantFrom(AUDIENCE.user, AUDIENCE.admin, [AUDIENCE.user], [AUDIENCE.admin, AUDIENCE.user]),
    fc.constantFrom(undefined, 'pasal', '', [], ['x']),
  ),
  exp: mostly(
    fc.oneof(
      fc.integer({ min: nowS - 7200, max: nowS + 7200 }),
      fc.constantFrom(nowS, nowS - 1, nowS + 1, nowS + 0.5, nowS - 0.5),
    ),
    odd,
  ),
  nbf: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 4 },
    {
      arbitrary: fc.oneof(fc.integer({ min: nowS - 7200, max: nowS + 7200 }), fc.constantFrom(nowS, nowS + 1, nowS + 0.5)),
      weight: 2,
    },
    { arbitrary: odd, weight: 1 },
  ),
  iat: fc.oneof({ arbitrary: fc.integer({ min: nowS - 7200, max: nowS + 7200 }), weight: 4 }, { arbitrary: odd, weight: 1 }),
});
/** How the token is signed or broken after signing. */
const signingArb = fc.oneof(
  { arbitrary: fc.constant('right'), weight: 6 },
  { arbitrary: fc.constantFrom('wrong-key', 'hs512', 'flip-signature', 'swap-payload', 'padded', 'empty-signature'), weight: 3 },
);

function makeToken(header: Record<string, unknown>, payload: Record<string, unknown>, signing: string): string {
  const input = `${b64(header)}.${b64(payload)}`;
  switch (signing) {
    case 'wrong-key':
      return `${input}.${hmac('another-secret-of-more-than-32-characters-xx', input)}`;
    case 'hs512':
      return `${input}.${hmac(SECRET, input, 'sha512')}`;
    case 'flip-signature': {
      const signature = hmac(SECRET, input);
      return `${input}.${signature.startsWith('A') ? 'B' : 'A'}${signature.slice(1)}`;
    }
    case 'swap-payload':
      return `${b64(header)}.${b64({ ...payload, id: 424242 })}.${hmac(SECRET, input)}`;
    case 'padded':
      return `${input}.${hmac(SECRET, input)}=`;
    case 'empty-signature':
      return `${input}.`;
    default:
      return `${input}.${hmac(SECRET, input)}`;
  }
}

const oursSigns = (header: Record<string, unknown>) =>
  header.alg === 'HS256' &&
  Object.keys(header).every((k) => (k === 'alg' || k === 'typ') && (k !== 'typ' || header.typ === 'JWT'));

describe('TokenService.verify (node:crypto HS256) against jose', () => {
  it('accepts its own tokens, with the claims, until they expire; not for the other audience', async () => {
    const token = await tokens.sign('user', { id: 7, sid: 'session-1', jti: 'jti-1' }, NOW);
    expect(tokens.verify('user', token, NOW)).toEqual({ id: 7, sid: 'session-1', jti: 'jti-1', exp: nowS + 3600 });
    expect(tokens.verify('user', token, NOW + 3599_999)).toBeDefined();
    expect(tokens.verify('user', token, NOW + 3600_000)).toBeUndefined();
    expect(tokens.verifyIgnoringExpiry('user', token)).toMatchObject({ id: 7 });
    expect(tokens.verify('admin', token, NOW)).toBeUndefined();
    expect(tokens.verifyIgnoringExpiry('admin', token)).toBeUndefined();
    expect(new TokenService(`${SECRET}x`).verify('user', token, NOW)).toBeUndefined();
    expect(await reference('user', token, NOW)).toEqual(tokens.verify('user', token, NOW));
  });

  it('never accepts what jose refuses, and answers as jose does for the headers we sign', async () => {
    const accepted = { verify: 0, refresh: 0 };
    await fc.assert(
      fc.asyncProperty(
        headerArb,
        payloadArb,
        signingArb,
        fc.constantFrom<SessionKind>('user', 'admin'),
        async (header, payload, signing, kind) => {
          const token = makeToken(header, payload, signing);
          const ours = tokens.verify(kind, token, NOW);
          const theirs = await reference(kind, token, NOW);
          if (ours !== undefined) accepted.verify += 1;
          if (ours !== undefined) expect(ours).toEqual(theirs);
          // jose also takes a signature with base64 padding; ours wants the canonical form we sign.
          const canonical = signing !== 'padded';
          if (oursSigns(header) && canonical) expect(ours).toEqual(theirs);

          const oursRefresh = tokens.verifyIgnoringExpiry(kind, token);
          const theirsRefresh = await referenceIgnoringExpiry(kind, token);
          if (oursRefresh !== undefined) accepted.refresh += 1;
          if (oursRefresh !== undefined) expect(oursRefresh).toEqual(theirsRefresh);
          const standardTimes = ['iat', 'nbf', 'exp'].every((claim) =>
            ['number', 'undefined'].includes(typeof payload[claim as 'iat']),
          );
          if (oursSigns(header) && canonical && standardTimes) expect(oursRefresh).toEqual(theirsRefresh);
        },
      ),
      { numRuns: 3000 },
    );
    // Not vacuous: a fair share of the generated tokens is valid.
    expect(accepted.verify).toBeGreaterThan(10);
    expect(accepted.refresh).toBeGreaterThan(accepted.verify);
  });

  it('checks the clock again on every use of a token it verified before, keeps kinds apart, and keeps a bounded number', () => {
    const service = new TokenService(SECRET);
    const claims = { sid: 's', jti: 'j', iss: 'pasal', aud: AUDIENCE.user, exp: nowS + 60 };
    const token = makeToken({ alg: 'HS256', typ: 'JWT' }, { ...claims, id: 3, nbf: nowS + 10 }, 'right');
    expect(service.verify('user', token, NOW)).toBeUndefined(); // not before nbf
    expect(service.verify('user', token, NOW + 10_000)).toMatchObject({ id: 3 });
    expect(service.verify('user', token, NOW)).toBeUndefined(); // kept, and still not before nbf
    expect(service.verify('user', token, NOW + 59_999)).toMatchObject({ id: 3 });
    expect(service.verify('user', token, NOW + 60_000)).toBeUndefined(); // kept, and expired
    expect(service.verify('admin', token, NOW + 10_000)).toBeUndefined(); // the user audience only
    const kept = (service as unknown as { verified: Record<SessionKind, Map<string, unknown>> }).verified;
    for (let i = 0; i < 2_100; i += 1) {
      const other = makeToken({ alg: 'HS256' }, { ...claims, id: i }, 'right');
      expect(service.verify('user', other, NOW)).toMatchObject({ id: i });
    }
    expect(kept.user.size).toBe(2_000);
    expect(kept.admin.size).toBe(0);
    expect(service.verify('user', token, NOW + 10_000)).toMatchObject({ id: 3 }); // dropped, verified again
  });

  it('refuses garbage without throwing', () => {
    const good = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ id: 1, sid: 's', jti: 'j', iss: 'pasal', aud: AUDIENCE.user, exp: nowS + 60 })}`;
    const signed = `${good}.${hmac(SECRET, good)}`;
    expect(tokens.verify('user', signed, NOW)).toMatchObject({ id: 1 });
    const garbage = [
      '',
      '.',
      '..',
      'a.b',
      'a.b.c.d',
      `${signed}.`,
      `.${signed}`,
      `${good}.${hmac(SECRET, good).replace(/./, 'Ł')}`,
      `${good}.${hmac(SECRET, good).slice(0, 42)}Ł`,
      `${good}.${hmac(SECRET, good)}\n`,
      `${b64('not json')}.${b64({})}.${hmac(SECRET, `${b64('not json')}.${b64({})}`)}`,
      `${b64('[1]')}.${b64('[]')}.${hmac(SECRET, `${b64('[1]')}.${b64('[]')}`)}`,
      `e.${'x'.repeat(5000)}.${hmac(SECRET, `e.${'x'.repeat(5000)}`)}`,
      `${good}.${'A'.repeat(43)}`,
    ];
    for (const token of garbage) {
      expect(tokens.verify('user', token, NOW), JSON.stringify(token.slice(0, 80))).toBeUndefined();
      expect(tokens.verifyIgnoringExpiry('user', token)).toBeUndefined();
    }
    // A payload signed by us that is not a JSON object.
    for (const payload of ['null', '[]', '"x"', '{', '1']) {
      const input = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64(payload)}`;
      expect(tokens.verify('user', `${input}.${hmac(SECRET, input)}`, NOW)).toBeUndefined();
    }
  });
});

/** A real jose-signed token passes both, so the comparison above is not vacuous. */
it('jose-signed tokens with our header pass both verifiers', async () => {
  const token = await new SignJWT({ id: 3, sid: 's3' })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer('pasal')
    .setAudience(AUDIENCE.admin)
    .setJti('j3')
    .setIssuedAt(nowS)
    .setExpirationTime(nowS + 10)
    .sign(key);
  expect(tokens.verify('admin', token, NOW)).toEqual({ id: 3, sid: 's3', jti: 'j3', exp: nowS + 10 });
  expect(await reference('admin', token, NOW)).toEqual(tokens.verify('admin', token, NOW));
});
