import type { Selectable } from 'kysely';
import type { Equipment, EquipmentInput } from '@heliotrack/domain/equipment';
import type { DocumentInfo } from '@heliotrack/domain/elements';
import type { Db } from '../../db/database';
import type { CalibrationEquipmentTable } from '../../db/schema';
import { expiryOf } from '../../lib/calibration';
import { nowIso } from '../../lib/time';
import { notFound } from '../../lib/errors';
import type { CurrentUser } from '../../lib/current-user';
import { findEquipment } from '../catalogues/catalogues.repository';
import { toDocumentDto } from '../../lib/document-dto';
import * as repo from './equipment.repository';

type Row = Selectable<CalibrationEquipmentTable>;

function toEquipmentDto(row: Row, documents: DocumentInfo[]): Equipment {
  return {
    id: row.id,
    name: row.name,
    kind: row.kind,
    brand: row.brand,
    model: row.model,
    serial_number: row.serial_number,
    certificate_number: row.certificate_number,
    calibration_date: row.calibration_date,
    expiry_date: row.expiry_date,
    ...expiryOf(row.expiry_date),
    documents,
    created_at: row.created_at,
    updated_at: row.updated_at,
  };
}

const values = (body: EquipmentInput): repo.EquipmentValues => ({
  name: body.name,
  kind: body.kind ?? '',
  brand: body.brand ?? '',
  model: body.model ?? '',
  serial_number: body.serial_number ?? '',
  certificate_number: body.certificate_number ?? '',
  calibration_date: body.calibration_date,
  expiry_date: body.expiry_date,
});

/**
 * Calibration equipment belongs to the organisation, not to a plant. Any user of the organisation
 * may list, create and edit it: quality inspectors keep their own instruments' certificates up to
 * date. Certificates are uploaded with `POST documents/` and `equipment_id`.
 */
export class EquipmentService {
  constructor(private readonly db: Db) {}

  async list(user: CurrentUser) {
    const rows = await repo.listEquipment(this.db, user.clientId);
    return this.withDocuments(rows);
  }

  async get(user: CurrentUser, id: number) {
    return (await this.withDocuments([await this.require(user, id)]))[0];
  }

  async create(user: CurrentUser, body: EquipmentInput) {
    const now = nowIso();
    const id = await repo.insertEquipment(this.db, { ...values(body), client_id: user.clientId, created_at: now, updated_at: now });
    return this.get(user, id);
  }

  async update(user: CurrentUser, id: number, body: EquipmentInput) {
    const row = await this.require(user, id);
    await repo.updateEquipment(this.db, row.id, { ...values(body), updated_at: nowIso() });
    return this.get(user, id);
  }

  /** Equipment of another organisation is not found. */
  private async require(user: CurrentUser, id: number) {
    const row = await findEquipment(this.db, user.clientId, id);
    if (!row) throw notFound();
    return row;
  }

  private async withDocuments(rows: Row[]) {
    const documents = await repo.listDocumentsOfEquipment(this.db, rows.map((r) => r.id));
    return rows.map((row) => toEquipmentDto(row, documents.filter((d) => d.equipment_id === row.id).map(toDocumentDto)));
  }
}
