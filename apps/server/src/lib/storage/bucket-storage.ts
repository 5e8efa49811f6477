/**
 * The file storage on an S3-compatible bucket (AWS S3, MinIO, Ceph, R2…), through the AWS SDK v3
 * (decision 028). Same contract as the folder (file-storage.ts): a streamed write never holds the
 * file in memory (a multipart upload of bounded parts, at most UPLOAD_QUEUE_SIZE of them in flight),
 * and a write whose source fails leaves neither an object nor an open multipart upload behind. Any
 * failure of the bucket itself is logged with its cause and reaches the client as STORAGE_UNAVAILABLE
 * (503), never as a stack trace.
 */
import { Readable } from 'node:stream';
import {
  DeleteObjectCommand,
  GetObjectCommand,
  HeadBucketCommand,
  HeadObjectCommand,
  PutObjectCommand,
  S3Client,
} from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from '../app-error.ts';
import { assertFileKey, contentTypeOf, StorageUnavailableError, type FileStorage } from './file-storage.ts';

export interface BucketStorageOptions {
  bucket: string;
  /** an S3-compatible server's URL; none for AWS S3 itself */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://host/bucket/key` instead of `https://bucket.host/key` (MinIO and most local servers) */
  forcePathStyle: boolean;
  log?: FastifyBaseLogger;
  /** bytes of each part of a streamed write; S3 takes no part under 5 MiB but the last */
  partSize?: number;
}

/**
 * ours: a streamed write holds at most this many parts in memory while they travel (and one being
 * filled), so a 200 MB video costs about (2 + 1) × 5 MiB whatever its size.
 */
const UPLOAD_QUEUE_SIZE = 2;
/** S3's smallest part (every part but the last must be at least this) */
const MIN_PART_SIZE = 5 * 1024 * 1024;
/** ours: an endpoint that does not accept a connection in 5 s is down, not slow */
const CONNECTION_TIMEOUT_MS = 5_000;
/** ours: a socket silent for a minute (no byte either way) is given up; a large part is not silent */
const SOCKET_IDLE_TIMEOUT_MS = 60_000;
/**
 * ours: sockets to the bucket per process. A video played in a browser holds one for as long as it
 * streams, so the SDK's default (50) could make the 51st viewer wait.
 */
const MAX_SOCKETS = 256;

const statusOf = (error: unknown) =>
  (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;

const isNotFound = (error: unknown) =>
  statusOf(error) === 404 || ['NotFound', 'NoSuchKey'].includes((error as Error).name);

/** why a request to the bucket failed, in words an operator reads at start-up */
function reasonOf(error: unknown): string {
  const status = statusOf(error);
  if (status === 404) return 'el bucket no existe';
  if (status === 403 || status === 401)
    return 'acceso denegado: revisa S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY y S3_REGION';
  const code = (error as NodeJS.ErrnoException).code;
  if (code) return `no responde (${code})`;
  return status ? `respondió ${status}` : (error as Error).message || String(error);
}

export function createBucketStorage(options: BucketStorageOptions): FileStorage {
  const { bucket, log } = options;
  const partSize = Math.max(MIN_PART_SIZE, options.partSize ?? MIN_PART_SIZE);
  const client = new S3Client({
    region: options.region,
    ...(options.endpoint ? { endpoint: options.endpoint } : {}),
    forcePathStyle: options.forcePathStyle,
    // the keys come from env.ts only: the SDK's own chain (AWS_* variables, files, instance roles)
    // would be a second way in (decision 028)
    credentials: { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey },
    // the SDK's default since 2025 sends a CRC32 as a trailer of an aws-chunked body, which many
    // S3-compatible servers do not understand; checksums only where the API requires one
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    requestHandler: {
      connectionTimeout: CONNECTION_TIMEOUT_MS,
      requestTimeout: SOCKET_IDLE_TIMEOUT_MS,
      httpAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
      httpsAgent: { keepAlive: true, maxSockets: MAX_SOCKETS },
    },
  });
  const where = options.endpoint ?? `AWS S3 (${options.region})`;

  /** the bucket's failure, logged with its cause; the client gets the contract's 503 */
  const unavailable = (error: unknown, action: string, key: string) => {
    log?.error({ err: error, bucket, key }, `file storage: ${action} failed`);
    return new AppError('STORAGE_UNAVAILABLE');
  };

  return {
    async put(key, data) {
      assertFileKey(key);
      try {
        await client.send(
          new PutObjectCommand({
            Bucket: bucket,
            Key: key,
            Body: data,
            ContentLength: data.length,
            ContentType: contentTypeOf(key),
          }),
        );
      } catch (error) {
        throw unavailable(error, 'put', key);
      }
    },

    async write(key, source) {
      assertFileKey(key);
      let size = 0;
      let sourceError: unknown = null;
      // the bytes are counted as they pass, and a failure of the source told from one of the bucket:
      // an error thrown in at the yield comes from the upload giving up, not from the source
      async function* counted() {
        let yielding = false;
        try {
          for await (const chunk of source) {
            size += (chunk as Buffer).length;
            yielding = true;
            yield chunk as Buffer;
            yielding = false;
          }
        } catch (error) {
          if (!yielding) sourceError = error;
          throw error;
        }
      }
      const body = Readable.from(counted(), { objectMode: false });
      const upload = new Upload({
        client,
        params: { Bucket: bucket, Key: key, Body: body, ContentType: contentTypeOf(key) },
        partSize,
        queueSize: UPLOAD_QUEUE_SIZE,
        // a failed upload aborts its multipart upload: no parts are left to pay for
        leavePartsOnError: false,
      });
      try {
        await upload.done();
        return { size };
      } catch (error) {
        // as the folder's pipeline does: whatever of the source is left is not read
        body.destroy();
        source.destroy();
        if (sourceError !== null) {
          // the upload was aborted; a failed abort leaves parts that the bucket's lifecycle rule ends
          if (error !== sourceError) {
            log?.warn({ err: error, bucket, key }, 'file storage: could not abort a multipart upload');
          }
          throw sourceError;
        }
        throw unavailable(error, 'write', key);
      }
    },

    async open(key, range) {
      assertFileKey(key);
      try {
        const answer = await client.send(
          new GetObjectCommand({
            Bucket: bucket,
            Key: key,
            ...(range ? { Range: `bytes=${range.start}-${range.end}` } : {}),
          }),
        );
        // a part's answer says the whole file's size after the slash: `bytes 0-99/1234`
        const size = range
          ? Number(/\/(\d+)$/.exec(answer.ContentRange ?? '')?.[1])
          : Number(answer.ContentLength ?? 0);
        return { stream: answer.Body as Readable, size };
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error, 'open', key);
      }
    },

    async sizeOf(key) {
      assertFileKey(key);
      try {
        const answer = await client.send(new HeadObjectCommand({ Bucket: bucket, Key: key }));
        return Number(answer.ContentLength ?? 0);
      } catch (error) {
        if (isNotFound(error)) return null;
        throw unavailable(error, 'head', key);
      }
    },

    async delete(key) {
      assertFileKey(key);
      try {
        // S3 answers 204 for a key with no object too
        await client.send(new DeleteObjectCommand({ Bucket: bucket, Key: key }));
      } catch (error) {
        throw unavailable(error, 'delete', key);
      }
    },

    async check() {
      try {
        await client.send(new HeadBucketCommand({ Bucket: bucket }));
      } catch (error) {
        throw new StorageUnavailableError(
          `No se puede usar el bucket S3 "${bucket}" en ${where}: ${reasonOf(error)}.`,
          { cause: error },
        );
      }
    },
  };
}
