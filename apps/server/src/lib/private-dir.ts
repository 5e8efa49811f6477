/**
 * The data folder and what the server writes in it (the database, uploaded files, the outbox, the
 * admin socket, the generated secret) are the server's user's alone (decision 031): folders 0700,
 * files 0600. A folder made by an older version with looser modes is tightened at start.
 */
import fs from 'node:fs/promises';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates `dir` (and missing parents) for the server's user alone, or tightens it if it exists. */
export async function createPrivateDir(dir: string): Promise<void> {
  await fs.mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await fs.chmod(dir, PRIVATE_DIR_MODE);
}
