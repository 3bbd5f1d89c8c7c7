import type { Polyline } from '@heliotrack/domain/geometry';
import type { SerialScanElement } from '@heliotrack/domain/serials';
import * as deliveredSerials from '../../../offline/delivered-serials';
import { openedLocalStore } from '../../../offline/opened-local-store';
import type { PlanRow } from './plan-geometry';
import type { PlanElement } from './scan-session';

/*
 * Scan plans live on the device, in the local database (specification section 3: scans and
 * element_to_scan; schema 21 gives plans their plant), online on the web as well: a plan is the
 * installer's walk along a row, not shared data. The serials themselves go to the server.
 */

const store = openedLocalStore;

export interface ScanPlan {
  id: number;
  plant_id: number;
  name: string;
  /** 0 = incomplete (some element has no serial yet), 1 = complete. */
  status: 0 | 1;
  polyline: Polyline;
  max_code_length: number;
  expected: number;
  read: number;
}

interface PlanRowDb {
  id: number;
  plant_id: number;
  name: string;
  status: number;
  polyline: string | null;
  max_code_length: number | null;
  expected: number | null;
  read: number | null;
}

function toPlan(row: PlanRowDb): ScanPlan {
  return {
    id: row.id,
    plant_id: row.plant_id,
    name: row.name,
    status: row.status === 1 ? 1 : 0,
    polyline: row.polyline ? (JSON.parse(row.polyline) as Polyline) : [],
    max_code_length: row.max_code_length ?? 14,
    expected: row.expected ?? 0,
    read: row.read ?? 0,
  };
}

const PLAN_SELECT = `SELECT s.id, s.plant_id, s.name, s.status, s.polyline, s.max_code_length,
    COUNT(e.id) AS expected, COALESCE(SUM(e.serial IS NOT NULL AND e.serial <> ''), 0) AS read
  FROM scans AS s LEFT JOIN element_to_scan AS e ON e.scan_id = s.id`;

/** Query keys of the scan plans (they live on the device; the feature has no `api/` folder). */
export const scanPlanKeys = {
  plans: (plantId: number) => ['scan-plans', plantId] as const,
};

export async function listPlans(plantId: number): Promise<ScanPlan[]> {
  const rows = await (
    await store()
  ).call('select', `${PLAN_SELECT} WHERE s.plant_id = ? GROUP BY s.id ORDER BY s.id DESC`, [plantId]);
  return (rows as unknown as PlanRowDb[]).map(toPlan);
}

export async function getPlan(scanId: number): Promise<ScanPlan | null> {
  const rows = await (await store()).call('select', `${PLAN_SELECT} WHERE s.id = ? GROUP BY s.id`, [scanId]);
  const row = (rows as unknown as PlanRowDb[])[0];
  return row ? toPlan(row) : null;
}

const ROW_COLUMNS = [
  'id',
  'code',
  'description',
  'geom',
  'last_state_change_contractor_id',
  'state_id',
  'type_id',
  'updated_at',
  'serial',
  'list_index',
  'scan_id',
  'is_serial_invalid_length',
  'is_serial_unregistered',
  'is_serial_duplicated',
] as const;

/** Stores a new plan with its elements in one transaction; answers its id. */
export async function createPlan(
  plantId: number,
  plan: { name: string; polyline: Polyline; maxCodeLength: number },
  rows: readonly PlanRow[],
): Promise<number> {
  const local = await store();
  const complete = rows.length > 0 && rows.every((row) => row.serial !== '');
  const placeholders = `(${ROW_COLUMNS.map((c) => (c === 'scan_id' ? '(SELECT MAX(id) FROM scans)' : '?')).join(', ')})`;
  await local.call('transaction', [
    {
      sql: 'INSERT INTO scans (name, status, polyline, max_code_length, plant_id) VALUES (?, ?, ?, ?, ?)',
      params: [plan.name, complete ? 1 : 0, JSON.stringify(plan.polyline), plan.maxCodeLength, plantId],
    },
    ...rows.map((row) => ({
      sql: `INSERT OR REPLACE INTO element_to_scan (${ROW_COLUMNS.join(', ')}) VALUES ${placeholders}`,
      params: ROW_COLUMNS.filter((c) => c !== 'scan_id').map((c) => {
        const value = row[c as keyof PlanRow];
        return typeof value === 'boolean' ? (value ? 1 : 0) : value;
      }),
    })),
  ]);
  const [created] = (await local.call('select', 'SELECT MAX(id) AS id FROM scans')) as unknown as {
    id: number;
  }[];
  return created.id;
}

export async function deletePlan(scanId: number): Promise<void> {
  await (
    await store()
  ).call('transaction', [
    { sql: 'DELETE FROM element_to_scan WHERE scan_id = ?', params: [scanId] },
    { sql: 'DELETE FROM scans WHERE id = ?', params: [scanId] },
  ]);
}

interface ElementRowDb {
  id: number;
  code: string;
  list_index: number;
  serial: string | null;
  is_serial_invalid_length: number | null;
  is_serial_duplicated: number | null;
  is_serial_unregistered: number | null;
}

export async function planElements(scanId: number): Promise<PlanElement[]> {
  const rows = (await (
    await store()
  ).call(
    'select',
    `SELECT id, code, list_index, serial, is_serial_invalid_length, is_serial_duplicated, is_serial_unregistered
       FROM element_to_scan WHERE scan_id = ? ORDER BY list_index`,
    [scanId],
  )) as unknown as ElementRowDb[];
  return rows.map((row) => ({
    id: row.id,
    code: row.code,
    list_index: row.list_index,
    serial: row.serial ?? '',
    is_serial_invalid_length: !!row.is_serial_invalid_length,
    is_serial_duplicated: !!row.is_serial_duplicated,
    is_serial_unregistered: !!row.is_serial_unregistered,
  }));
}

const flag = (value: boolean) => (value ? 1 : 0);

/**
 * Keeps serials and flags of elements in every plan that holds them (also other plans: a serial
 * belongs to the element) and the plan's status, in one transaction.
 */
export async function saveSerials(
  scanId: number,
  elements: readonly SerialScanElement[],
  status: 0 | 1,
): Promise<void> {
  if (elements.length === 0) return;
  await (
    await store()
  ).call('transaction', [
    ...elements.map((element) => ({
      sql: `UPDATE element_to_scan SET serial = ?, is_serial_invalid_length = ?, is_serial_duplicated = ?, is_serial_unregistered = ?
            WHERE id = ?`,
      params: [
        element.serial,
        flag(element.is_serial_invalid_length),
        flag(element.is_serial_duplicated),
        flag(element.is_serial_unregistered),
        element.id,
      ],
    })),
    { sql: 'UPDATE scans SET status = ? WHERE id = ?', params: [status, scanId] },
  ]);
}

/** Keeps the plant's delivered list on the device (answered by GET delivered-serials/all/). */
export async function storeDeliveredSerials(plantId: number, serials: readonly string[]): Promise<void> {
  await deliveredSerials.storeDeliveredSerials(await store(), plantId, serials);
}

/** The delivered list kept on the device; null when the plant has none (nothing is unregistered then). */
export async function storedDeliveredSerials(plantId: number): Promise<Set<string> | null> {
  return deliveredSerials.storedDeliveredSerials(await store(), plantId);
}

/** Serials of the plant's downloaded elements (those outside a plan count for "duplicated"). */
export async function storedPlantSerials(plantId: number): Promise<Map<string, number[]>> {
  const rows = (await (
    await store()
  ).call(
    'select',
    `SELECT id, serial FROM element WHERE plant_id = ? AND serial IS NOT NULL AND serial <> ''`,
    [plantId],
  )) as { id: number; serial: string }[];
  const holders = new Map<string, number[]>();
  for (const row of rows) holders.set(row.serial, [...(holders.get(row.serial) ?? []), row.id]);
  return holders;
}
