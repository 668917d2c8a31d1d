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
