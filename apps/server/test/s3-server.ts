/**
 * A real S3-compatible server for tests (docs/style.md #8): s3rver (MIT) from npm, on a free port of
 * 127.0.0.1 with a temporary folder and one bucket, reached path-style with its own fixed keys. The
 * product talks to it through the AWS SDK v3 exactly as to a real bucket.
 *
 * s3rver does not implement AbortMultipartUpload (it answers 405), so this helper answers that one
 * call itself by removing the upload's parts from s3rver's folder, as S3 does; everything else is
 * s3rver's own. `openUploads` counts the multipart uploads neither completed nor aborted.
 */
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { AddressInfo } from 'node:net';
import S3rver from 's3rver';
import { GetObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';

/** s3rver's fixed credentials */
const ACCESS_KEY = 'S3RVER';
const SECRET_KEY = 'S3RVER';

export interface TestBucket {
  name: string;
  endpoint: string;
  /** the S3_* variables that put a test server's files in this bucket */
  env: Record<string, string>;
  /** the keys of the objects stored under `prefix`, sorted */
  keys(prefix?: string): Promise<string[]>;
  /** an object's bytes, or null when there is none */
  read(key: string): Promise<Buffer | null>;
  /** multipart uploads started and neither completed nor aborted */
  openUploads(): Promise<number>;
  /** stops answering (connections are refused) until `resume`; the objects stay */
  stop(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

export async function startTestBucket(name = 'escudo-test'): Promise<TestBucket> {
  const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-s3-'));
  const s3rver = new S3rver({ directory, silent: true, configureBuckets: [{ name, configs: [] }] });
  await s3rver.configureBuckets();
  const uploadsDir = path.join(directory, name, '._S3rver_uploads');
  const handle = s3rver.callback();
  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://s3');
    const uploadId = url.searchParams.get('uploadId');
    if (request.method === 'DELETE' && uploadId && /^[0-9a-f]+$/.test(uploadId)) {
      // AbortMultipartUpload: its parts go, as S3 removes them
      request.resume();
      void fs.rm(path.join(uploadsDir, uploadId), { recursive: true, force: true }).then(() => {
        response.writeHead(204).end();
      });
      return;
    }
    handle(request, response);
  };

  let server = http.createServer(onRequest);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const endpoint = `http://127.0.0.1:${port}`;
  const client = new S3Client({
    region: 'us-east-1',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: ACCESS_KEY, secretAccessKey: SECRET_KEY },
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const stopServer = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });

  return {
    name,
    endpoint,
    env: {
      S3_BUCKET: name,
      S3_ENDPOINT: endpoint,
      S3_ACCESS_KEY_ID: ACCESS_KEY,
      S3_SECRET_ACCESS_KEY: SECRET_KEY,
      S3_FORCE_PATH_STYLE: 'true',
    },
    async keys(prefix = '') {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: name, Prefix: prefix }));
      return (listed.Contents ?? []).map((object) => object.Key!).sort();
    },
    async read(key) {
      try {
        const answer = await client.send(new GetObjectCommand({ Bucket: name, Key: key }));
        return Buffer.from(await answer.Body!.transformToByteArray());
      } catch (error) {
        if ((error as Error).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async openUploads() {
      return (await fs.readdir(uploadsDir).catch(() => [])).length;
    },
    stop: stopServer,
    async resume() {
      server = http.createServer(onRequest);
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    async close() {
      client.destroy();
      if (server.listening) await stopServer();
      await fs.rm(directory, { recursive: true, force: true });
    },
  };
}
