import { z } from 'zod';
import type { NepalProvince } from './orders.js';

/**
 * Delivery by district. Each of the 77 districts has a fee (rupees), the days a delivery takes and
 * whether cash on delivery is offered there; the owner edits them. A district the owner has not
 * edited takes the shop's valley or outside-valley settings (DELIVERY_FEE_*, DELIVERY_DAYS_*) and
 * offers cash on delivery. The free-delivery amount (FREE_DELIVERY_FROM) holds everywhere.
 *   GET /api/delivery/districts (public) → {districts, freeFrom}
 *   PUT /api/admin/delivery/districts/:district {fee, daysMin, daysMax, cod} (permission 'settings') → {district}
 */

export const DELIVERY_LIMITS = { feeMax: 100_000, daysMax: 60 } as const;

export const DELIVERY_MESSAGES = {
  feeInvalid: 'Fee must be rupees from 0 to 100,000, with at most 2 decimal places',
  daysInvalid: 'Days must be whole numbers from 1 to 60',
  daysOrder: 'The fewest days must not be more than the most days',
  codInvalid: 'cod must be true or false',
  codRefused: (district: string) => `Cash on delivery is not offered in ${district}. Please pay with eSewa or Khalti.`,
} as const;

export const districtDeliverySchema = z.object({
  /** The English name, as orders store it. */
  district: z.string(),
  ne: z.string(),
  province: z.string(),
  fee: z.number(),
  daysMin: z.number(),
  daysMax: z.number(),
  cod: z.boolean(),
  /** False: the shop's default for its place (valley or outside), not edited by the owner. */
  edited: z.boolean(),
});
export type DistrictDelivery = z.infer<typeof districtDeliverySchema> & { province: NepalProvince };

export const districtTableSchema = z.object({ districts: z.array(districtDeliverySchema), freeFrom: z.number() });
export type DistrictTable = { districts: DistrictDelivery[]; freeFrom: number };

const days = z
  .number({ error: DELIVERY_MESSAGES.daysInvalid })
  .int(DELIVERY_MESSAGES.daysInvalid)
  .min(1, DELIVERY_MESSAGES.daysInvalid)
  .max(DELIVERY_LIMITS.daysMax, DELIVERY_MESSAGES.daysInvalid);

/** Body of PUT /api/admin/delivery/districts/:district. */
export const districtDeliveryInputSchema = z
  .object({
    fee: z
      .number({ error: DELIVERY_MESSAGES.feeInvalid })
      .min(0, DELIVERY_MESSAGES.feeInvalid)
      .max(DELIVERY_LIMITS.feeMax, DELIVERY_MESSAGES.feeInvalid)
      .refine(
        (fee) => Number.isInteger(Math.round(fee * 100)) && Math.abs(fee * 100 - Math.round(fee * 100)) < 1e-6,
        DELIVERY_MESSAGES.feeInvalid,
      ),
    daysMin: days,
    daysMax: days,
    cod: z.boolean({ error: DELIVERY_MESSAGES.codInvalid }),
  })
  .refine((input) => input.daysMin <= input.daysMax, { message: DELIVERY_MESSAGES.daysOrder, path: ['daysMax'] });
export type DistrictDeliveryInput = z.output<typeof districtDeliveryInputSchema>;

/** The charge of an order of `itemsPaisa` to a district with this fee: free from the free-delivery amount on. */
export function districtFeePaisa(feePaisa: number, itemsPaisa: number, freeFromPaisa: number): number {
  return itemsPaisa >= freeFromPaisa ? 0 : feePaisa;
}
