import { z } from 'zod';
import { DocumentInfo } from './elements';

const text = (max: number) => z.string().trim().max(max).default('');

/** The body of `POST` and `PUT calibration-equipment/…`; dates are YYYY-MM-DD. */
export const EquipmentInput = z
  .strictObject({
    name: z.string().trim().min(1).max(200),
    kind: text(100),
    brand: text(100),
    model: text(100),
    serial_number: text(100),
    certificate_number: text(100),
    calibration_date: z.iso.date(),
    expiry_date: z.iso.date(),
  })
  .refine((v) => v.expiry_date >= v.calibration_date, { path: ['expiry_date'], message: 'equipment.expiryBeforeCalibration' });
export type EquipmentInput = z.input<typeof EquipmentInput>;

/**
 * Calibration equipment of the organisation. `is_expired` and `days_to_expiry` are computed on
 * every answer against today's date (UTC): on the expiry day itself the equipment is still valid
 * with 0 days left; the day after it is expired with -1.
 */
export const Equipment = z.object({
  id: z.number().int(),
  name: z.string(),
  kind: z.string(),
  brand: z.string(),
  model: z.string(),
  serial_number: z.string(),
  certificate_number: z.string(),
  calibration_date: z.string(),
  expiry_date: z.string(),
  is_expired: z.boolean(),
  days_to_expiry: z.number().int(),
  documents: z.array(DocumentInfo),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Equipment = z.infer<typeof Equipment>;

/** The web shows equipment expiring within this many days in a warning colour. */
export const EQUIPMENT_EXPIRY_WARNING_DAYS = 30;
