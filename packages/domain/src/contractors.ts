import { z } from 'zod';

/*
 * Contractors and contractor groups (administration). A contractor answers with `Contractor` of
 * `catalogues.ts`; a group is assigned to plants with `POST plants/{id}/update-contractors-group/`.
 */

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** `POST contractors/` and `PUT contractors/{id}/` */
export const ContractorInput = z.strictObject({
  name: z.string().trim().min(1).max(150),
  address: z.string().trim().max(300).default(''),
  contact_name: z.string().trim().max(150).default(''),
  /** Optional: an empty string, or an email address. */
  contact_email: z
    .string()
    .trim()
    .toLowerCase()
    .max(254)
    .refine((value) => value === '' || EMAIL.test(value), { message: 'validation.invalidEmail' })
    .default(''),
});
export type ContractorInput = z.infer<typeof ContractorInput>;

export const ContractorGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  contractors: z.array(z.number().int()),
});
export type ContractorGroup = z.infer<typeof ContractorGroup>;

/** `POST contractor-groups/` and `PUT contractor-groups/{id}/` */
export const ContractorGroupInput = z.strictObject({
  name: z.string().trim().min(1).max(150),
  contractors: z.array(z.number().int().positive()).max(10_000),
});
export type ContractorGroupInput = z.infer<typeof ContractorGroupInput>;

/** `?search=`: contractors by name, contact or email; groups by their name or a member's name. */
export const SearchQuery = z.object({ search: z.string().trim().max(200).optional() });
export type SearchQuery = z.infer<typeof SearchQuery>;
