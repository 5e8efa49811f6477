/**
 * Runs a command (the journeys' server) with a real S3-compatible bucket beside it: s3rver (MIT) at
 * the S3_ENDPOINT and with the S3_BUCKET the server is given, started before the command so that the
 * server's start-up check finds it, and closed with its folder when the command ends. The journeys
 * thus store photos, avatars and videos in a bucket (decision 028), as a deployment with S3_BUCKET.
 */
import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

const [command, ...args] = process.argv.slice(2);
const endpoint = new URL(process.env.S3_ENDPOINT!);
const directory = await fs.mkdtemp(path.join(os.tmpdir(), 'escudo-e2e-s3-'));
const s3rver = new S3rver({
  address: endpoint.hostname,
  port: Number(endpoint.port),
  directory,
  silent: true,
  configureBuckets: [{ name: process.env.S3_BUCKET!, configs: [] }],
});
await s3rver.run();
const child = spawn(command!, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => child.kill(signal));
}
child.on('exit', (code) => {
  void s3rver
    .close()
    .then(() => fs.rm(directory, { recursive: true, force: true }))
    .finally(() => process.exit(code ?? 1));
});
