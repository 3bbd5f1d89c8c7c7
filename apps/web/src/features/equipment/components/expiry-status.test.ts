import { afterEach, describe, expect, it } from 'vitest';
import { EQUIPMENT_EXPIRY_WARNING_DAYS } from '@heliotrack/domain/equipment';
import { changeLanguage } from '../../../lib/i18n';
import { EXPIRY_COLORS, expiryLabelOf, expiryStatusOf } from './expiry-status';

const expiry = (days: number) => ({ is_expired: days < 0, days_to_expiry: days });

describe('calibration expiry status', () => {
  afterEach(() => changeLanguage('es'));

  it('is expired the day after the expiry date, red, and says so', () => {
    changeLanguage('es');
    expect(expiryStatusOf(expiry(-1))).toBe('expired');
    expect(EXPIRY_COLORS[expiryStatusOf(expiry(-1))]).toBe('red');
    expect(expiryLabelOf(expiry(-400))).toBe('Caducado');
  });

  it('warns in orange from 30 days before expiry to the expiry day itself', () => {
    changeLanguage('es');
    expect(expiryStatusOf(expiry(0))).toBe('expiring');
    expect(expiryLabelOf(expiry(0))).toBe('Caduca hoy');
    expect(expiryLabelOf(expiry(1))).toBe('Caduca en 1 día');
    expect(expiryLabelOf(expiry(12))).toBe('Caduca en 12 días');
    expect(expiryStatusOf(expiry(EQUIPMENT_EXPIRY_WARNING_DAYS))).toBe('expiring');
    expect(EXPIRY_COLORS.expiring).toBe('orange');
  });

  it('is valid, green, beyond the warning window', () => {
    changeLanguage('es');
    expect(expiryStatusOf(expiry(EQUIPMENT_EXPIRY_WARNING_DAYS + 1))).toBe('valid');
    expect(EXPIRY_COLORS.valid).toBe('green');
    expect(expiryLabelOf(expiry(365))).toBe('Vigente');
  });

  it('trusts the server flag even when the day count says otherwise', () => {
    expect(expiryStatusOf({ is_expired: true, days_to_expiry: 3 })).toBe('expired');
  });

  it('speaks English and Italian', () => {
    changeLanguage('en');
    expect(expiryLabelOf(expiry(12))).toBe('Expires in 12 days');
    expect(expiryLabelOf(expiry(1))).toBe('Expires in 1 day');
    expect(expiryLabelOf(expiry(-2))).toBe('Expired');
    changeLanguage('it');
    expect(expiryLabelOf(expiry(5))).toBe('Scade tra 5 giorni');
  });
});
