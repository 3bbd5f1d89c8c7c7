/**
 * Query keys of the users feature of its own; the organisation's users (lists, details, their
 * plants and RUCs) are shared with user-plants and RUCs, in `api/query-keys.ts` (`clientUsers`).
 */
export const userKeys = {
  roles: ['user-roles'] as const,
};
