import type { ElementListQuery } from '@heliotrack/domain/elements';
import type { ListElementsQuery, PpiResult, PpiResultsQuery } from '@heliotrack/domain/ppi-results';
import type { PpiListQuery } from '@heliotrack/domain/ppis';
import type { LocalDatabase, SqlParams, Statement } from './local-database';
import * as ops from './local-operations';
import * as outbox from './local-outbox';
import * as imagery from './local-imagery';
import * as pending from './pending-documents';
import * as ppis from './local-ppis';
import { applyServerElements, recoverInterruptedDownloads } from './plant-loader';
import * as queries from './local-queries';
import { upgrade } from './schema';
import { claimOwner } from './database-owner';
import { removeLostPlants } from './lost-plants';

/*
 * Everything the local store answers, by name: the LocalDatabase calls themselves, the section 7
 * operations and the local queries. The web runs them inside the worker (worker.ts) next to the
 * data; the native app will run the same functions on its Capacitor database. Each takes the
 * database first; the rest of its arguments travel in the message.
 */
let recovery: Promise<number[]> | null = null;

export const OPERATIONS = {
  // A new connection: the queries' remembered counts and geometries belong to the old one.
  // A full download interrupted by a closed tab left the indexes dropped: built again at the first
  // opening of this page's worker (plant-loader.ts), before any download of its own can run.
  open: async (db: LocalDatabase) => {
    queries.forgetAll();
    await db.open();
    recovery ??= recoverInterruptedDownloads(db);
    await recovery;
  },
  close: (db: LocalDatabase) => (queries.forgetAll(), db.close()),
  reset: async (db: LocalDatabase) => {
    queries.forgetAll();
    await db.reset();
    return db.version();
  },
  version: (db: LocalDatabase) => db.version(),
  claimOwner: (db: LocalDatabase, server: string, userId: number) => claimOwner(db, server, userId),
  /** Upgrades an open database up to `target` only (open() always goes to the latest): tests build a version-15 file with it. */
  upgrade: (db: LocalDatabase, target: number) => upgrade(db, target),
  exec: (db: LocalDatabase, sql: string, params?: SqlParams) => db.exec(sql, params),
  select: (db: LocalDatabase, sql: string, params?: SqlParams) => db.select(sql, params),
  transaction: (db: LocalDatabase, statements: Statement[]) => db.transaction(statements),

  selectAll: (db: LocalDatabase, table: string) => ops.selectAll(db, table),
  getById: (db: LocalDatabase, table: string, id: number | string) => ops.getById(db, table, id),
  elementsByType: (db: LocalDatabase, typeId: number) => ops.elementsByType(db, typeId),
  plantWithClient: (db: LocalDatabase, plantId: number) => ops.plantWithClient(db, plantId),
  insertItem: (db: LocalDatabase, table: string, item: ops.Item) => ops.insertItem(db, table, item),
  replaceItem: (db: LocalDatabase, table: string, item: ops.Item) => ops.replaceItem(db, table, item),
  updateItem: (db: LocalDatabase, table: string, item: ops.Item) => ops.updateItem(db, table, item),
  deleteById: (db: LocalDatabase, table: string, id: number | string) => ops.deleteById(db, table, id),
  deleteAll: (db: LocalDatabase, table: string) => ops.deleteAll(db, table),
  deleteElementsToScan: (db: LocalDatabase, scanId: number) => ops.deleteElementsToScan(db, scanId),
  updateElementState: (db: LocalDatabase, elementIds: number[], stateId: number) => ops.updateElementState(db, elementIds, stateId),
  bulkReplace: (db: LocalDatabase, table: string, items: ops.Item[]) => ops.bulkReplace(db, table, items),
  clearAllData: (db: LocalDatabase) => ops.clearAllData(db),
  dropAllTables: (db: LocalDatabase) => ops.dropAllTables(db),

  listElements: (db: LocalDatabase, plantId: number, typeId: number | undefined, query: ElementListQuery, requestPath: string) =>
    queries.listElements(db, plantId, typeId, query, requestPath),
  elementIds: (db: LocalDatabase, plantId: number, typeId: number, filters: Omit<ElementListQuery, 'page' | 'page_size' | 'ordering'>) =>
    queries.elementIds(db, plantId, typeId, filters),
  elementsByPolygon: (db: LocalDatabase, plantId: number, typeId: number, polygon: string) => queries.elementsByPolygon(db, plantId, typeId, polygon),
  plantTile: (db: LocalDatabase, plantId: number, z: number, x: number, y: number) => queries.plantTile(db, plantId, z, x, y),
  elementDetail: (db: LocalDatabase, plantId: number, elementId: number) => queries.elementDetail(db, plantId, elementId),
  listPlants: (db: LocalDatabase) => queries.listPlants(db),
  getPlant: (db: LocalDatabase, plantId: number) => queries.getPlant(db, plantId),
  listElementTypes: (db: LocalDatabase) => queries.listElementTypes(db),
  listPlantStates: (db: LocalDatabase, plantId: number) => queries.listPlantStates(db, plantId),
  listTransactionTypes: (db: LocalDatabase) => queries.listTransactionTypes(db),
  listPlantContractors: (db: LocalDatabase, plantId: number) => queries.listPlantContractors(db, plantId),

  // The PPI sections of the downloads (issue 36).
  findPpi: (db: LocalDatabase, ppiId: number) => ppis.findPpi(db, ppiId),
  listLinkedPpis: (db: LocalDatabase, filters?: PpiListQuery) => ppis.listLinkedPpis(db, filters),
  listHeldPpis: (db: LocalDatabase, filters?: PpiListQuery) => ppis.listHeldPpis(db, filters),
  listEquipment: (db: LocalDatabase) => ppis.listEquipment(db),
  listPpiResults: (db: LocalDatabase, ppiId: number, query: PpiResultsQuery, requestPath: string) =>
    ppis.listPpiResults(db, ppiId, query, requestPath),
  listPpiElements: (db: LocalDatabase, ppiId: number, query: ListElementsQuery, requestPath: string) =>
    ppis.listPpiElements(db, ppiId, query, requestPath),
  applyServerResult: (db: LocalDatabase, ppiId: number, resultId: number, result: PpiResult | null) =>
    ppis.applyServerResult(db, ppiId, resultId, result),
  getPpiResult: (db: LocalDatabase, ppiId: number, resultId: number) => ppis.getPpiResult(db, ppiId, resultId),
  resultWriteFacts: (db: LocalDatabase, ppiId: number, resultId: number, equipmentId: number | null) =>
    ppis.resultWriteFacts(db, ppiId, resultId, equipmentId),
  writeFacts: (db: LocalDatabase, ppiId: number, equipmentIds: number[]) => ppis.writeFacts(db, ppiId, equipmentIds),
  linkedAmong: (db: LocalDatabase, ppiId: number, elementIds: number[]) => ppis.linkedAmong(db, ppiId, elementIds),
  settleResultWrite: (db: LocalDatabase, clientUuid: string) => ppis.settleResultWrite(db, clientUuid),
  getPpiDetail: (db: LocalDatabase, ppiId: number) => ppis.getPpiDetail(db, ppiId),
  ppiActivityCounts: (db: LocalDatabase, ppiId: number) => ppis.ppiActivityCounts(db, ppiId),
  ppiResultTile: (db: LocalDatabase, ppiId: number, activityId: number, z: number, x: number, y: number) =>
    ppis.ppiResultTile(db, ppiId, activityId, z, x, y),

  enqueueOutbox: (db: LocalDatabase, entry: outbox.NewOutboxEntry, localWrites?: Statement[]) => outbox.enqueueOutbox(db, entry, localWrites),
  listOutbox: (db: LocalDatabase, userId?: number) => outbox.listOutbox(db, userId),
  countOutbox: (db: LocalDatabase, userId?: number) => outbox.countOutbox(db, userId),
  markOutbox: (db: LocalDatabase, clientUuid: string, status: outbox.OutboxStatus, note?: { code: string; reason: string }) =>
    outbox.markOutbox(db, clientUuid, status, note),
  removeOutbox: (db: LocalDatabase, clientUuid: string) => outbox.removeOutbox(db, clientUuid),
  resumeOutbox: (db: LocalDatabase) => outbox.resumeOutbox(db),
  recoverInterruptedDownloads: (db: LocalDatabase) => recoverInterruptedDownloads(db),
  removeLostPlants: (db: LocalDatabase, visible: number[]) => removeLostPlants(db, visible),
  applyServerElements: (db: LocalDatabase, plantId: number, answer: Parameters<typeof applyServerElements>[2]) =>
    applyServerElements(db, plantId, answer),
  savePendingDocument: (db: LocalDatabase, document: pending.NewPendingDocument) => pending.savePendingDocument(db, document),
  findPendingDocuments: (db: LocalDatabase, provisionalIds: number[]) => pending.findPendingDocuments(db, provisionalIds),
  pendingDocumentsOf: (db: LocalDatabase, outboxUuid: string) => pending.pendingDocumentsOf(db, outboxUuid),
  dropUnlinkedPendingDocuments: (db: LocalDatabase) => pending.dropUnlinkedPendingDocuments(db),

  imageryOf: (db: LocalDatabase, plantId: number) => imagery.imageryOf(db, plantId),
  listImagery: (db: LocalDatabase) => imagery.listImagery(db),
  beginImagery: (db: LocalDatabase, start: imagery.ImageryStart) => imagery.beginImagery(db, start),
  putImageryTiles: (db: LocalDatabase, plantId: number, tiles: imagery.ImageryTileRow[]) => imagery.putImageryTiles(db, plantId, tiles),
  finishImagery: (db: LocalDatabase, plantId: number) => imagery.finishImagery(db, plantId),
  removeImagery: (db: LocalDatabase, plantId: number) => imagery.removeImagery(db, plantId),
  imageryTile: (db: LocalDatabase, plantId: number, z: number, x: number, y: number) => imagery.imageryTile(db, plantId, z, x, y),
};

export type Operations = typeof OPERATIONS;
export type OperationName = keyof Operations;
/** An operation's arguments after the database. */
export type OperationArgs<K extends OperationName> = Parameters<Operations[K]> extends [LocalDatabase, ...infer Rest] ? Rest : never;
export type OperationResult<K extends OperationName> = Awaited<ReturnType<Operations[K]>>;
