import type { Readable } from 'node:stream';
import type * as S3 from '@aws-sdk/client-s3';
import type * as S3Upload from '@aws-sdk/lib-storage';
import type { Storage } from './storage';
import { lazyPackage } from './lazy-package';

const s3 = lazyPackage<typeof S3>('@aws-sdk/client-s3');
const s3Upload = lazyPackage<typeof S3Upload>('@aws-sdk/lib-storage');

export interface S3Options {
  bucket: string;
  /** An S3-compatible server (MinIO, Ceph, a test server); AWS itself when left out. */
  endpoint?: string;
  region: string;
  accessKeyId?: string;
  secretAccessKey?: string;
}

/**
 * Files in an S3 bucket through the official AWS SDK (STORAGE=s3), the key as the object key.
 * Uploads are multipart uploads of 5 MiB parts (S3's smallest), one in flight: a file of any size
 * streams through with a few parts in memory (measured: about 15 MiB for a 50 MB file); an upload that fails is aborted, so nothing is left behind. An
 * object only becomes visible when its upload completes, so a reader never sees half a file.
 */
export class S3Storage implements Storage {
  private readonly client: S3.S3Client;

  constructor(private readonly options: S3Options) {
    this.client = new (s3().S3Client)({
      region: options.region,
      endpoint: options.endpoint,
      // Buckets of S3-compatible servers are addressed by path, not by a DNS name per bucket.
      forcePathStyle: options.endpoint !== undefined,
      credentials:
        options.accessKeyId && options.secretAccessKey
          ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey }
          : undefined,
    });
  }

  async put(key: string, body: Readable, contentType: string): Promise<void> {
    const upload = new (s3Upload().Upload)({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: key, Body: body, ContentType: contentType },
      partSize: 5 * 1024 * 1024,
      queueSize: 1,
      leavePartsOnError: false,
    });
    await upload.done();
  }

  async get(key: string): Promise<Readable | null> {
    try {
      const answer = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.options.bucket, Key: key }));
      return answer.Body as Readable;
    } catch (error) {
      if (error instanceof s3().NoSuchKey || (error instanceof s3().S3ServiceException && error.$metadata.httpStatusCode === 404))
        return null;
      throw error;
    }
  }

  async getRange(key: string, offset: number, length: number): Promise<Buffer | null> {
    if (length <= 0) return Buffer.alloc(0);
    try {
      const answer = await this.client.send(new (s3().GetObjectCommand)({ Bucket: this.options.bucket, Key: key, Range: `bytes=${offset}-${offset + length - 1}` }));
      return Buffer.from(await answer.Body!.transformToByteArray());
    } catch (error) {
      if (error instanceof s3().NoSuchKey || (error instanceof s3().S3ServiceException && error.$metadata.httpStatusCode === 404)) return null;
      // A range wholly past the end of the object.
      if (error instanceof s3().S3ServiceException && error.$metadata.httpStatusCode === 416) return Buffer.alloc(0);
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new (s3().DeleteObjectCommand)({ Bucket: this.options.bucket, Key: key }));
  }

  close() {
    this.client.destroy();
  }

  /** The bucket answers (and exists) for these credentials. */
  async check() {
    await this.client.send(new (s3().HeadBucketCommand)({ Bucket: this.options.bucket }));
  }
}
