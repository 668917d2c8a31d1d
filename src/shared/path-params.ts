import { z } from 'zod';

/**
 * A record id in a URL path (`/api/products/:id`, `/api/cart/view-cart/:userId`, …): 1 to 10
 * digits, at least 1 and within a 32-bit signed integer (the id columns of both databases).
 * Anything else is refused with the given message (400), before the database is asked.
 */
export const idParam = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(
      z
        .number()
        .min(1, message)
        .max(2 ** 31 - 1, message),
    );

/**
 * A shopper's id in a URL path: random, not sequential (unguessable), so up to the largest integer
 * JavaScript holds exactly (16 digits) rather than 32 bits.
 */
export const userIdParam = (message: string) =>
  z
    .string()
    .regex(/^\d{1,16}$/, message)
    .transform(Number)
    .pipe(z.number().min(1, message).max(Number.MAX_SAFE_INTEGER, message));
