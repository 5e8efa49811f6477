/**
 * What a feature declares about the personal data it keeps (decision 054): the tables it owns that
 * name an account or a phone, what it adds to the account's data export, what it erases or keeps
 * without the person when the account is deleted, and what it ends when a phone is removed. The
 * export, the deletion and the phone removal loop over every feature's declaration (the assembly
 * hands them over in `ctx.personalData`) and know no feature's tables; a test fails when a table
 * that points at a user or a device is claimed by no declaration.
 */
import type { PgTable } from 'drizzle-orm/pg-core';
import type { SQL, SQLWrapper } from 'drizzle-orm';
import type { AppContext } from './context.ts';
import type { DbOrTransaction } from './db/client.ts';
import type { Check } from './throttle/throttle.ts';

/** How one section writes into the account's ZIP (features/export builds it). */
export interface ExportWriter {
  userId: number;
  /** when the export is made: the date of its files */
  now: Date;
  /**
   * The JSON file `name`, written once every section has run: the same name gives the same object,
   * so a section may add its part to a file another section began (the phones' orders go into
   * dispositivos.json). Its keys are written in the order they were set.
   */
  json(name: string): Record<string, unknown>;
  /** a text file (a route's GPX), written as it is */
  text(name: string, content: string): void;
  /**
   * A stored file (a photo, a video) under `name`, read only when the ZIP reaches it. False when the
   * store no longer has it, so the JSON can say so rather than point at a missing file.
   */
  storedFile(key: string, name: string): Promise<boolean>;
}

export interface ExportSection {
  /** this section's paragraphs of LEEME.txt: each file's name, then what it holds, indented */
  readme: string;
  write(ctx: AppContext, out: ExportWriter): Promise<void>;
}

/** The account a deletion erases, as its row was just before (its e-mail names throttle subjects). */
export interface AccountToDelete {
  userId: number;
  email: string;
}

/** Throttle hits whose subject names the account, forgotten in the deletion's transaction. */
export interface ThrottleSubjects {
  exact: Check[];
  startingWith: Check[];
}

export interface DeletionPart {
  /**
   * An `EXISTS` that holds the deletion back while it is true (an atención still open), for the
   * account whose id is `userId` (a column in the sweep's query, a value when one account is deleted).
   */
  holdsBack?(userId: SQLWrapper): SQL;
  /** the keys of the account's stored files: they are removed from the store once it is deleted */
  files?(tx: DbOrTransaction, account: AccountToDelete): Promise<string[]>;
  /**
   * In the deletion's transaction, before the account's row goes (and its rows with it, by their
   * foreign keys' ON DELETE CASCADE): what no cascade does (rows kept without the person).
   */
  erase?(tx: DbOrTransaction, account: AccountToDelete, ctx: AppContext): Promise<void>;
  /** the throttle subjects that name the account (keyed by text, no foreign key reaches them) */
  throttleSubjects?(
    tx: DbOrTransaction,
    account: AccountToDelete,
    ctx: AppContext,
  ): Promise<ThrottleSubjects>;
}

/** A phone being taken off its account (features/device-removal). */
export interface PhoneToRemove {
  /** devices.id */
  deviceRowId: number;
  userId: number;
  /** its reports, routes and orders go with it; otherwise its row stays, marked removed, holding them */
  deleteData: boolean;
  now: Date;
}

export interface PhoneRemovalPart {
  /** before the removal's transaction: what must tell others as it ends (an open SOS) */
  before?(ctx: AppContext, phone: PhoneToRemove): Promise<void>;
  /** in the removal's transaction: what the phone leaves open ends (orders, lost mode, a route) */
  end?(tx: DbOrTransaction, phone: PhoneToRemove, ctx: AppContext): Promise<void>;
  /** with `deleteData`: the keys of the phone's stored files, removed from the store after the commit */
  files?(tx: DbOrTransaction, phone: PhoneToRemove): Promise<string[]>;
}

export interface PersonalData {
  /** the tables this feature owns that name an account or a phone (or hang from one that does) */
  tables: PgTable[];
  export?: ExportSection;
  deletion?: DeletionPart;
  phoneRemoval?: PhoneRemovalPart;
}

/** A feature's declaration, with the feature's name (the assembly adds it from the manifest). */
export interface FeaturePersonalData extends PersonalData {
  feature: string;
}

export const definePersonalData = (data: PersonalData): PersonalData => data;

/** a date as the export writes it (ISO 8601, UTC), or null */
export const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);
