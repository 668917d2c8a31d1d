import crypto from 'node:crypto';

/** Crockford's base-32 alphabet: no I, L, O or U, so ids read back over the phone without confusion. */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
export const ORDER_ID_PATTERN = /^ORD-[0-9A-HJKMNP-TV-Z]{16}$/;

/** 'ORD-' + 16 characters from 80 random bits: unguessable, and unrelated to how many orders exist. */
export function newOrderId(): string {
  const bytes = crypto.randomBytes(10);
  let bits = 0n;
  for (const byte of bytes) bits = (bits << 8n) | BigInt(byte);
  let id = '';
  for (let i = 0; i < 16; i += 1) {
    id = ALPHABET[Number(bits & 31n)]! + id;
    bits >>= 5n;
  }
  return `ORD-${id}`;
}
