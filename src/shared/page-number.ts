import { z } from 'zod';

const PAGE_INVALID = 'page must be a whole number of 1 or more';

/** A list's `page` query parameter: a whole number from 1, the first page when left out. */
export const pageNumberSchema = z.coerce
  .number({ error: PAGE_INVALID })
  .int(PAGE_INVALID)
  .min(1, PAGE_INVALID)
  .max(100_000, PAGE_INVALID)
  .default(1);
