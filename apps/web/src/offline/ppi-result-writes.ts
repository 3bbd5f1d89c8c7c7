import { BULK_CHUNK_SIZE } from '@heliotrack/domain/constants';
import type { PpiResultValue } from '@heliotrack/domain/ppi-results';
import type { Statement } from './local-database';

/*
 * The local writes of an offline PPI result write (issue 36), apart from local-ppis.ts so that the
 * handlers, on the page's side, build them without the worker's queries. They run in the outbox
 * entry's transaction (local-outbox.ts enqueueOutbox).
 */

/** One offline write of one activity's result, as the device shows it until the server's comes. */
export interface LocalResultWrite {
  ppiId: number;
  activityId: number;
  elementIds: number[];
  result: PpiResultValue;
  observations: string;
  equipment: number | null;
  resultDate: string;
  user: { id: number; name: string };
  role: string;
  at: string;
  clientUuid: string;
}

/**
 * The statements that show an offline write on the device, in the outbox entry's transaction: the
 * results the elements already have take the new values; the others are made with a temporary id,
 * negative (the server's are positive) and unused, until a download brings the server's row, which
 * replaces it through the (activity, element) key. They are inserted above every id held, then
 * turned negative: the Capacitor plugins refuse an insert whose row id is negative (`lastId < 0`).
 */
export function resultWriteStatements(write: LocalResultWrite): Statement[] {
  const values = [write.result, write.observations, write.equipment, write.resultDate, write.user.id, write.user.name, write.role];
  const made = `made:${write.clientUuid}`;
  const statements: Statement[] = [];
  for (let i = 0; i < write.elementIds.length; i += BULK_CHUNK_SIZE) {
    const ids = JSON.stringify(write.elementIds.slice(i, i + BULK_CHUNK_SIZE));
    statements.push(
      {
        sql: `UPDATE ppi_result SET result = ?, observations = ?, equipment_id = ?, result_date = ?, user_id = ?, author_name = ?, role = ?,
                     observed_at = ?, updated_at = ?, pending_uuid = ?
               WHERE activity_id = ? AND element_id IN (SELECT value FROM json_each(?))`,
        params: [...values, write.at, write.at, write.clientUuid, write.activityId, ids],
      },
      {
        // Above the largest id, positive or negative, held (two lookups of the row id's ends).
        sql: `INSERT INTO ppi_result (id, ppi_id, activity_id, element_id, result, observations, equipment_id, result_date, user_id,
                                      author_name, role, observed_at, created_at, updated_at, pending_uuid)
              SELECT max(coalesce((SELECT max(id) FROM ppi_result), 0), -coalesce((SELECT min(id) FROM ppi_result), 0))
                       + row_number() OVER (ORDER BY value), ?, ?, value, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?
                FROM json_each(?) WHERE value NOT IN (SELECT element_id FROM ppi_result WHERE activity_id = ?)`,
        params: [write.ppiId, write.activityId, ...values, write.at, write.at, write.at, made, ids, write.activityId],
      },
    );
  }
  statements.push({ sql: 'UPDATE ppi_result SET id = -id, pending_uuid = ? WHERE pending_uuid = ?', params: [write.clientUuid, made] });
  return statements;
}
