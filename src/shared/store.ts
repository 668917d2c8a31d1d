import { z } from 'zod';

export const storeFactsSchema = z.object({
  name: z.string(),
  email: z.string(),
  phones: z.array(z.string()),
  address: z.string(),
  /** The store's PAN (VAT registration), printed on invoices; absent when not configured. */
  pan: z.string().optional(),
  /** The shop's e-commerce registration number (STORE_ECOMMERCE_REG), beside the PAN; absent when not configured. */
  ecommerceRegistration: z.string().optional(),
  /** When the shop is open, as the owner writes it ('Sun–Fri 10:00–19:00'); absent when not configured. */
  hours: z.string().optional(),
});
export type StoreFacts = z.infer<typeof storeFactsSchema>;

/** Shown until /api/store answers (and in tests of pages without a server). */
export const defaultStoreFacts: StoreFacts = {
  name: 'Pasal',
  email: 'support@pasal.com.np',
  phones: ['+977-1-4123456', '+977-9801234567', '+977-9812345678'],
  address: 'New Road, Kathmandu 44600, Nepal',
};
