import { z } from 'zod';
import { LANGUAGES } from './constants';
import { Role } from './auth';

export const ClientUser = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  language: z.enum(LANGUAGES),
  roles: z.array(Role),
  plants: z.array(z.number().int()),
  created_at: z.string(),
});
export type ClientUser = z.infer<typeof ClientUser>;

const userFields = {
  email: z.string().trim().toLowerCase().pipe(z.email().max(254)),
  name: z.string().trim().min(1).max(150),
  is_active: z.boolean(),
  language: z.enum(LANGUAGES),
  roles: z.array(z.string().min(1).max(10)).min(1).max(10),
};

export const ClientUserCreate = z.strictObject({
  ...userFields,
  is_active: userFields.is_active.default(true),
  language: userFields.language.default('es'),
  password: z.string().min(8).max(128),
  plants: z.array(z.number().int().positive()).max(10_000).default([]),
});
export type ClientUserCreate = z.infer<typeof ClientUserCreate>;

/** PUT replaces the editable fields; the password changes only when given. */
export const ClientUserUpdate = z.strictObject({
  ...userFields,
  password: z.string().min(8).max(128).optional(),
});
export type ClientUserUpdate = z.infer<typeof ClientUserUpdate>;

export const ClientUserQuery = z.object({
  search: z.string().max(200).optional(),
  is_active: z.enum(['true', 'false']).optional(),
});
