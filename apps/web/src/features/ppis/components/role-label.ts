import { useTranslation } from 'react-i18next';
import { ROLE_CODES, type RoleCode } from '@heliotrack/domain/roles';

/** The name of a role code in the user's language (the code itself for an unknown one). */
export function useRoleLabel() {
  const { t } = useTranslation();
  return (code: string) => ((ROLE_CODES as readonly string[]).includes(code) ? t(`ppis.roles.${code as RoleCode}`) : code);
}

/** Select options of every role. */
export function useRoleOptions() {
  const label = useRoleLabel();
  return ROLE_CODES.map((code) => ({ value: code, label: `${label(code)} (${code})` }));
}
