/** The caller, loaded on every authenticated request (so deactivation takes effect at once). */
export interface CurrentUser {
  id: number;
  clientId: number;
  email: string;
  name: string;
  language: string;
  roles: string[];
  isAdmin: boolean;
  /** Holds only the viewer role (VI): reads, never writes (plugins/account-guards.ts). */
  isViewer?: boolean;
  /** Signed in with the one-time password of `admin:create`: must choose their own first. */
  mustChangePassword?: boolean;
}
