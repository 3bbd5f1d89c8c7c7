import { EQUIPMENT_EXPIRY_WARNING_DAYS, type Equipment } from '@heliotrack/domain/equipment';
import { t } from '../../../lib/i18n';

export type ExpiryStatus = 'expired' | 'expiring' | 'valid';
export const EXPIRY_STATUSES: readonly ExpiryStatus[] = ['expired', 'expiring', 'valid'];

type Expiry = Pick<Equipment, 'is_expired' | 'days_to_expiry'>;

/**
 * Where a certificate stands, from the server's own count of days (against today, UTC): past its
 * expiry day it is expired; within EQUIPMENT_EXPIRY_WARNING_DAYS (the expiry day itself included) it
 * is about to expire; otherwise valid.
 */
export function expiryStatusOf({ is_expired, days_to_expiry }: Expiry): ExpiryStatus {
  if (is_expired || days_to_expiry < 0) return 'expired';
  return days_to_expiry <= EQUIPMENT_EXPIRY_WARNING_DAYS ? 'expiring' : 'valid';
}

/** Mantine colours: red, orange, green. The words say it too, for people who cannot tell them apart. */
export const EXPIRY_COLORS: Record<ExpiryStatus, string> = {
  expired: 'red',
  expiring: 'orange',
  valid: 'green',
};

/** 'Caducado', 'Caduca hoy', 'Caduca en 12 días', 'Vigente' in the current language. */
export function expiryLabelOf(expiry: Expiry): string {
  switch (expiryStatusOf(expiry)) {
    case 'expired':
      return t('equipment.expiry.expired');
    case 'expiring':
      return expiry.days_to_expiry === 0
        ? t('equipment.expiry.expiresToday')
        : t('equipment.expiry.expiresIn', { count: expiry.days_to_expiry });
    case 'valid':
      return t('equipment.expiry.valid');
  }
}
