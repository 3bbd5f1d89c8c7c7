import type { LoadProgress, LoadResult } from './plant-loader';
import type { LocalDbErrorCode } from './messages';
import type { OperationName } from './operations';

/** Messages between the page (local-store.ts) and the database worker (worker.ts). */
export type WorkerRequest =
  | { id: number; kind: 'call'; op: OperationName; args: unknown[] }
  | { id: number; kind: 'load'; plantId: number; apiRoot: string; token: string; language: string }
  | { id: number; kind: 'cancel'; loadId: number };

export interface WorkerError {
  code: LocalDbErrorCode | 'polygon';
  message: string;
  /** For a malformed polygon: the domain's PolygonParamError reason. */
  reason?: string;
}

export type WorkerResponse =
  | { id: number; kind: 'result'; result: unknown }
  | { id: number; kind: 'error'; error: WorkerError }
  | { id: number; kind: 'progress'; progress: LoadProgress };

export type { LoadProgress, LoadResult };
