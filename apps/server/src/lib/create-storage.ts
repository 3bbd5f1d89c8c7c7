import path from 'node:path';
import type { Db } from '../db/database';
import { DatabaseStorage } from './database-storage';
import { type S3Options, S3Storage } from './s3-storage';
import { FileSystemStorage, type Storage } from './storage';

/*
 * The storage STORAGE names, made once at start (app.ts). Apart from storage.ts, which the three
 * kinds implement, so that none of them imports the file that chooses between them.
 */

export type StorageKind = 'data-dir' | 'database' | 's3';

export interface StorageOptions {
  kind: StorageKind;
  dataDir: string;
  db: Db;
  s3?: S3Options;
}

export function createStorage(options: StorageOptions): Storage {
  switch (options.kind) {
    case 'database':
      return new DatabaseStorage(options.db);
    case 's3':
      if (!options.s3) throw new Error('STORAGE=s3 needs S3_BUCKET');
      return new S3Storage(options.s3);
    default:
      return new FileSystemStorage(path.join(options.dataDir, 'uploads'));
  }
}
