import { z } from 'zod';

const email = z.email().max(254);
const password = z.string().min(1).max(128);
/** New passwords: long enough to resist guessing, short enough to keep scrypt cheap. */
const newPassword = z.string().min(8).max(128);

export const TokenRequest = z.strictObject({ email: z.string().trim().toLowerCase().pipe(email), password });
export type TokenRequest = z.infer<typeof TokenRequest>;

export const TokenPair = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof TokenPair>;

export const RefreshRequest = z.strictObject({ refresh: z.string().min(1).max(4096) });

export const PasswordChangeRequest = z
  .strictObject({ old_password: password, new_password: newPassword, new_password_confirm: newPassword })
  .refine((body) => body.new_password === body.new_password_confirm, {
    message: 'auth.passwordsDiffer',
    path: ['new_password_confirm'],
  });
export type PasswordChangeRequest = z.infer<typeof PasswordChangeRequest>;

export const PasswordResetRequest = z.strictObject({ email: z.string().trim().toLowerCase().pipe(email) });

export const PasswordResetConfirmRequest = z
  .strictObject({ token: z.string().min(1).max(200), password: newPassword, password_confirm: newPassword })
  .refine((body) => body.password === body.password_confirm, {
    message: 'auth.passwordsDiffer',
    path: ['password_confirm'],
  });
export type PasswordResetConfirmRequest = z.infer<typeof PasswordResetConfirmRequest>;

export const Role = z.object({ id: z.number().int(), code: z.string(), name: z.string() });
export type Role = z.infer<typeof Role>;

export const Client = z.object({
  id: z.number().int(),
  name: z.string(),
  nif: z.string(),
  address: z.string(),
  contact_name: z.string(),
  contact_email: z.string(),
});
export type Client = z.infer<typeof Client>;

export const UserProfile = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  is_active: z.boolean(),
  language: z.string(),
  roles: z.array(Role),
  client: Client,
  /** True after `npm run admin:create`: the web asks for a new password before anything else. */
  must_change_password: z.boolean().optional(),
});
export type UserProfile = z.infer<typeof UserProfile>;

export const MessageResponse = z.object({ detail: z.string() });

/** GET public-config/: what the login page shows before anyone signs in. */
export const PublicConfig = z.object({
  /** A production installation running the demo organisations (SEED_DEMO=true): its logins are public. */
  demo_warning: z.boolean(),
  /** False in production without a mail transport: the recovery form says it is not configured. */
  password_recovery: z.boolean(),
});
export type PublicConfig = z.infer<typeof PublicConfig>;
