import crypto from 'node:crypto';

/**
 * Shopper ids are random: an id in an answer tells nothing of how many shoppers there
 * are, and the next one cannot be guessed. Between 2^32 and 2^48, so never one of the old
 * sequential ids, and well inside the integers JavaScript holds exactly.
 */
export function newUserId(): number {
  return crypto.randomInt(2 ** 32, 2 ** 48);
}
