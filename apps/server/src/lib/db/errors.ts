/** The SQLSTATE of a database error, whether the driver error is wrapped by Drizzle or not. */
function hasSqlState(error: unknown, codes: ReadonlySet<string>): boolean {
  for (
    let current = error as { code?: unknown; cause?: unknown } | undefined;
    current;
    current = current.cause as typeof current
  ) {
    if (typeof current.code === 'string' && codes.has(current.code)) return true;
  }
  return false;
}

const UNIQUE_VIOLATION = new Set(['23505']);

/** PostgreSQL's unique_violation (23505). */
export function isUniqueViolation(error: unknown): boolean {
  return hasSqlState(error, UNIQUE_VIOLATION);
}

/**
 * PostgreSQL's foreign_key_violation (23503). Every id a request names is checked (exists, is the
 * caller's) before it is written, so this means the row it refers to was deleted in between: a phone
 * removed with its data while its lost-mode report uploaded, or while an SOS position was being
 * stored. Answered as the missing thing it now is (NOT_FOUND), not as a server fault.
 */
const FOREIGN_KEY_VIOLATION = new Set(['23503']);

export function isForeignKeyViolation(error: unknown): boolean {
  return hasSqlState(error, FOREIGN_KEY_VIOLATION);
}

/**
 * Input PostgreSQL cannot take: a NUL or a byte sequence it cannot store in text (22021
 * character_not_in_repertoire, 22P05 untranslatable_character), a number past its column's type
 * (22003 numeric_value_out_of_range, e.g. an id above 2^31 − 1), a time past its range (22008
 * datetime_field_overflow). The contract refuses all of these first (docs/api.md, "Conventions"); this is the
 * backstop that keeps what slips through a 400 rather than a 500.
 */
const INVALID_INPUT = new Set(['22021', '22P05', '22003', '22008']);

export function isInvalidInput(error: unknown): boolean {
  return hasSqlState(error, INVALID_INPUT);
}

/**
 * PostgreSQL cancelled the statement (57014 query_canceled): it ran past the pool's statement_timeout
 * (DATABASE_STATEMENT_TIMEOUT_MS), waiting on a lock or working. The database is stuck or overloaded
 * for now, not the request wrong: answered 503 SERVER_BUSY, decision 031.
 */
const QUERY_CANCELED = new Set(['57014']);

export function isStatementTimeout(error: unknown): boolean {
  return hasSqlState(error, QUERY_CANCELED);
}
