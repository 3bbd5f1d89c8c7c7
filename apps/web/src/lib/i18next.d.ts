import 'i18next';
import type { ui } from '@heliotrack/domain/i18n/ui/es';
import type { api } from '@heliotrack/domain/i18n/api/es';

// Typed keys: t('dashboard.title') is checked against the Spanish catalogue (the reference one).
declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'ui';
    resources: { ui: typeof ui; api: typeof api };
    returnNull: false;
  }
}
