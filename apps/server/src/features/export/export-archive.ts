/**
 * What goes into a customer's data export (decision 037): what every feature declared it adds
 * (lib/personal-data.ts; decision 054), as JSON files with Spanish names, the media (lost-mode photos,
 * atenciones' videos, the avatar) and LEEME.txt describing each file. The ZIP is written as a stream:
 * JSON files are small and built in memory, each photo or video is opened only when the ZIP reaches
 * it, so a large export never sits in memory.
 *
 * Never in it: password hashes, session, device, reset or invitation token hashes, a lock's PIN,
 * Flow's payment token, an alert link's nonce: nothing that would let anyone act as the account.
 */
import { eq } from 'drizzle-orm';
import type { Readable } from 'node:stream';
import type { ZipFile } from 'yazl';
import type { AppContext } from '../../lib/context.ts';
import type { ExportWriter } from '../../lib/personal-data.ts';
import { users } from '../accounts/accounts.schema.ts';
import { readmeText } from './export-readme.ts';

const json = (value: unknown) => Buffer.from(`${JSON.stringify(value, null, 2)}\n`, 'utf8');

/**
 * A stored file added to the ZIP under `name`, opened only when the ZIP reaches it. Returns false
 * (nothing added) when the storage no longer has it (a photo past the kept ones, say), so the JSON
 * can say so rather than point at a missing file.
 */
async function addStoredFile(ctx: AppContext, zip: ZipFile, key: string, name: string): Promise<boolean> {
  const size = await ctx.storage.sizeOf(key);
  if (size === null) return false;
  // photos and videos are compressed already: deflating them again costs time and saves nothing
  zip.addReadStreamLazy(name, { compress: false, size }, (callback) => {
    ctx.storage.open(key).then(
      (file) => {
        if (!file)
          callback(new Error(`a stored file went away while exporting: ${name}`), undefined as never);
        else callback(null, file.stream as Readable);
      },
      (error: unknown) => callback(error, undefined as never),
    );
  });
  return true;
}

/**
 * Adds every file of the account's export to `zip` (its caller ends the ZIP): LEEME.txt first, the
 * first file a person sees when opening it, then each feature's files in the order of the features;
 * the JSON files go last, once every feature has added its part to them.
 */
export async function addAccountData(ctx: AppContext, zip: ZipFile, userId: number): Promise<void> {
  const now = ctx.now();
  const [account] = await ctx.db
    .select({ name: users.name, emailVerifiedAt: users.emailVerifiedAt })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new Error(`no account ${userId} to export`);
  const sections = ctx.personalData.flatMap((data) => (data.export ? [data.export] : []));
  // its link went to the account's address: the name only if that address is verified (decision 050)
  const readme = readmeText({
    name: account.emailVerifiedAt ? account.name : null,
    at: now,
    files: sections.map((section) => section.readme),
  });
  zip.addBuffer(Buffer.from(readme, 'utf8'), 'LEEME.txt', { mtime: now });
  const jsonFiles = new Map<string, Record<string, unknown>>();
  const out: ExportWriter = {
    userId,
    now,
    json(name) {
      let file = jsonFiles.get(name);
      if (!file) jsonFiles.set(name, (file = {}));
      return file;
    },
    text: (name, content) => zip.addBuffer(Buffer.from(content, 'utf8'), name, { mtime: now }),
    storedFile: (key, name) => addStoredFile(ctx, zip, key, name),
  };
  for (const section of sections) await section.write(ctx, out);
  for (const [name, value] of jsonFiles) zip.addBuffer(json(value), name, { mtime: now });
}
