import { hash, verify } from '@node-rs/argon2';
import { Semaphore } from './semaphore.js';

// OWASP's argon2id recommendation (19 MiB, 2 iterations, 1 lane).
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

/**
 * Hashing a new shopper's password (registration) one at a time. Each hash takes ~20 MB and a
 * libuv thread for tens of milliseconds; unbounded, a registration flood filled every thread and a
 * shopper's login waited behind it, many times its usual time. Logins verify outside this bound. A queue
 * longer than REGISTRATION_QUEUE_MAX is refused: the caller answers 503.
 */
export const REGISTRATION_QUEUE_MAX = 50;
const registrations = new Semaphore(1, REGISTRATION_QUEUE_MAX);

export async function hashNewShopperPassword(password: string): Promise<string | undefined> {
  return (await registrations.run(() => hashPassword(password)))?.value;
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  // An account without a password (made at checkout from a mobile number alone) stores no hash:
  // it is refused after the same argon2 work as a wrong password, so the answer's time does not
  // tell an attacker which accounts have none.
  if (!passwordHash.startsWith('$argon2')) {
    await burnPasswordCheck(password);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

// Verified against when the account does not exist, so unknown users cost the same time as wrong passwords.
let dummyHash: Promise<string> | undefined;
export async function burnPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('pasal-timing-equaliser');
  await verifyPassword(await dummyHash, password);
}
