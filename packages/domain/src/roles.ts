import { ADMIN_ROLE, VIEWER_ROLE } from './constants';

/** Role codes. AD comes from the specification; the others are DESIGN section 4's suggestions. */
export const ROLE_CODES = [ADMIN_ROLE, 'JO', 'CA', 'TC', VIEWER_ROLE] as const;
export type RoleCode = (typeof ROLE_CODES)[number];

export function isAdministrator(user: { roles: { code: string }[] } | null | undefined): boolean {
  return !!user?.roles.some((role) => role.code === ADMIN_ROLE);
}

/** Holds only the viewer role (VI, "Consulta"): reads, never writes (the server refuses its writes). */
export function isViewerOnly(user: { roles: { code: string }[] } | null | undefined): boolean {
  return !!user && user.roles.length > 0 && user.roles.every((role) => role.code === VIEWER_ROLE);
}
