import { z } from 'zod';

/*
 * RUCs and users' authorisations (administration). A RUC is a named bundle of states of one plant:
 * a user authorised on an active RUC may record state changes into its states on that plant
 * (DESIGN section 4). Every endpoint here is administrator-only.
 */

export const Ruc = z.object({
  id: z.number().int(),
  plant: z.number().int(),
  name: z.string(),
  description: z.string(),
  states: z.array(z.number().int()),
});
export type Ruc = z.infer<typeof Ruc>;

/** `POST plants/{id}/rucs/` and `PUT plants/{id}/rucs/{rucId}/` */
export const RucInput = z.strictObject({
  name: z.string().trim().min(1).max(150),
  description: z.string().trim().max(500).default(''),
});
export type RucInput = z.infer<typeof RucInput>;

/** `PUT plants/{id}/rucs/{rucId}/update-states/`: replaces the RUC's states. */
export const RucStatesRequest = z.strictObject({
  states: z.array(z.number().int().positive()).max(10_000),
});
export type RucStatesRequest = z.infer<typeof RucStatesRequest>;

/** `?plant=ID` of `client-users/plant-rucs/` and `client-users/{userId}/rucs/`. */
export const PlantQuery = z.object({ plant: z.string().pipe(z.coerce.number<string>().int().positive()) });

/** `GET client-users/{userId}/rucs/?plant=ID`: every RUC of the plant, active or not for that user. */
export const UserRuc = Ruc.extend({ is_active: z.boolean() });
export type UserRuc = z.infer<typeof UserRuc>;

/** `POST client-users/{userId}/authorized-rucs/`: the user's active RUCs on that plant, replacing the others. */
export const AuthorizedRucsRequest = z.strictObject({
  plant: z.number().int().positive(),
  rucs: z.array(z.number().int().positive()).max(1000),
});
export type AuthorizedRucsRequest = z.infer<typeof AuthorizedRucsRequest>;

/**
 * `GET client-users/{userId}/plants/`: every plant of the organisation, whether the user is
 * authorised on it, and how many active RUCs they hold there.
 */
export const UserPlant = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  is_authorized: z.boolean(),
  active_rucs: z.number().int(),
});
export type UserPlant = z.infer<typeof UserPlant>;

/** `POST client-users/{userId}/authorized-plants/`: replaces the plants the user is authorised on. */
export const AuthorizedPlantsRequest = z.strictObject({
  plants: z.array(z.number().int().positive()).max(10_000),
});
export type AuthorizedPlantsRequest = z.infer<typeof AuthorizedPlantsRequest>;
