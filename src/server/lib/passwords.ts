import { hash, verify } from '@node-rs/argon2';

// OWASP's argon2id recommendation (19 MiB, 2 iterations, 1 lane).
// 2 is Algorithm.Argon2id (a const enum, which isolated modules cannot import).
const options = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
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
