/**
 * The cases of the contract fuzz suite (contract-fuzz.test.ts): a valid value derived from a contract
 * schema (through its JSON Schema, input side, the same document the OpenAPI docs are made of), and
 * hostile variants of it. Everything is seeded, so every run sends exactly the same cases and a
 * failure can be replayed by its label.
 */
import { z } from 'zod';

/** The parts of JSON Schema that zod's toJSONSchema writes for our contract. */
export interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  pattern?: string;
  format?: string;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
}

export function toJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
}

/** mulberry32: a tiny seeded generator, plenty for choosing cases */
export function createRandom(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    /** `count` items of `items`, in a random order, without repeats */
    sample<T>(items: readonly T[], count: number): T[] {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j]!, copy[i]!];
      }
      return copy.slice(0, count);
    },
  };
}

function matches(pattern: string, value: string): boolean {
  try {
    return new RegExp(pattern, 'u').test(value);
  } catch {
    return new RegExp(pattern).test(value);
  }
}

/** strings tried, in order, for a schema that only says "a string matching this pattern" */
const STRING_CANDIDATES = [
  'fuzz1234',
  'Fuzz_test-01',
  '1234',
  'ABCDEF0123456789',
  'a',
  'Escudo fuzz',
  '56912345678',
  // a second step's code (data export's optional `code`)
  '123456',
];

function sampleString(schema: JsonSchema, where: string): string {
  const patterns = [schema.pattern, ...(schema.allOf ?? []).map((s) => s.pattern)].filter(
    (p): p is string => typeof p === 'string',
  );
  const min = schema.minLength ?? 0;
  const max = schema.maxLength ?? Infinity;
  if (schema.format === 'email') return 'fuzz@example.cl';
  if (schema.format === 'date-time') return new Date().toISOString();
  if (schema.format === 'date') return '1990-05-17';
  const fits = (value: string) =>
    value.length >= min && value.length <= max && patterns.every((p) => matches(p, value));
  for (const candidate of STRING_CANDIDATES) {
    const padded = candidate.padEnd(min, 'a');
    if (fits(padded)) return padded;
  }
  throw new Error(`no sample string for ${where} (pattern ${patterns.join(' and ')}): give it a hint`);
}

/**
 * A value that matches `schema`: the first option of a union that is not null, every property of an
 * object (optional ones too, so that they are fuzzed as well), the fewest items an array may have.
 */
export function sampleValue(schema: JsonSchema, where = 'body'): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return schema.enum[0];
  const options = schema.anyOf ?? schema.oneOf;
  if (options) {
    const option = options.find((o) => o.type !== 'null') ?? options[0]!;
    return sampleValue(option, where);
  }
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'object':
      return Object.fromEntries(
        Object.entries(schema.properties ?? {}).map(([key, value]) => [
          key,
          sampleValue(value, `${where}.${key}`),
        ]),
      );
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 0) }, () =>
        sampleValue(schema.items ?? {}, `${where}[]`),
      );
    case 'string':
      return sampleString(schema, where);
    case 'integer':
    case 'number': {
      if (schema.default !== undefined) return schema.default;
      if (schema.minimum !== undefined) return schema.minimum;
      if (schema.exclusiveMinimum !== undefined) return Math.floor(schema.exclusiveMinimum) + 1;
      return Math.min(1, schema.maximum ?? 1);
    }
    case 'boolean':
      return true;
    case 'null':
      return null;
    default:
      // z.undefined() and friends: no body
      return undefined;
  }
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** one request's payload: a JSON value, or raw text sent as it is (what JSON cannot express) */
export type Payload = { kind: 'json'; value: unknown } | { kind: 'raw'; text: string };

export interface FuzzCase {
  /** what was done, e.g. `device_name: NUL inside`; enough to replay the case by hand */
  label: string;
  payload: Payload;
  /** the contract says this must be refused with 400 VALIDATION (NUL, ids past PostgreSQL's integer) */
  mustRefuse?: 'VALIDATION' | 'VALIDATION_OR_NOT_FOUND';
}

const NUL = '\u0000';
const HUGE = 'a'.repeat(100_000);

/** hostile strings, built from the valid value when there is one */
function stringVariants(valid: string): [string, string][] {
  const middle = Math.floor(valid.length / 2);
  return [
    ['NUL inside', `${valid.slice(0, middle)}${NUL}${valid.slice(middle)}`],
    ['only NUL', NUL],
    ['100k characters', HUGE],
    ['line break', `${valid}\nBcc: someone@example.cl`],
    ['carriage return', `${valid}\r\n`],
    ['bell and escape', `${valid}\u0007\u001b[31m`],
    ['DEL and C1 control', `${valid}\u007f\u0085`],
    ['emoji', `${valid}🛡️📱👨‍👩‍👧`],
    ['right-to-left override', `\u202e${valid}`],
    ['combining marks', `${valid}e${'\u0301'.repeat(50)}`],
    ['lone high surrogate', `${valid}\ud800`],
    ['lone low surrogate', `\udc00${valid}`],
    ['zero-width and BOM', `\ufeff${valid}\u200b`],
    ['line separator', `${valid}\u2028x`],
    ['empty', ''],
    ['blank', '   '],
    ['SQL-ish', `${valid}'; drop table users; --`],
    ['percent-encoded NUL', `${valid}%00`],
  ];
}

/** times far from now, for fields that hold one (route points: year 0001 came back as 2001) */
const DATE_TIME_VARIANTS: [string, string][] = [
  ['year 0001', '0001-01-01T00:00:00.000Z'],
  ['year 0099', '0099-12-31T23:59:59Z'],
  ['Unix epoch', '1970-01-01T00:00:00Z'],
  ['year 9999', '9999-12-31T23:59:59.999Z'],
  ['offset +14:00', '2026-01-01T00:00:00+14:00'],
  ['no offset', '2026-01-01T00:00:00'],
  ['30 February', '2026-02-30T00:00:00Z'],
  ['six-digit year', '+275760-09-13T00:00:00.000Z'],
  ['nanoseconds', '2026-01-01T00:00:00.123456789Z'],
];

const NUMBER_VARIANTS: [string, unknown][] = [
  ['2^31', 2 ** 31],
  ['2^31 - 1', 2 ** 31 - 1],
  ['2^32', 2 ** 32],
  ['2^53', 2 ** 53],
  ['2^53 + 2', 2 ** 53 + 2],
  ['-1', -1],
  ['zero', 0],
  ['-2^31 - 1', -(2 ** 31) - 1],
  ['1.5', 1.5],
  ['1e308', 1e308],
  ['-1e308', -1e308],
  ['smallest double', Number.MIN_VALUE],
  ['numeric string', '1'],
  ['"NaN"', 'NaN'],
  ['"Infinity"', 'Infinity'],
];

/** numbers JSON cannot carry: sent as raw text (1e999 parses as Infinity) */
const RAW_NUMBER_VARIANTS: [string, string][] = [
  ['raw 1e999 (Infinity)', '1e999'],
  ['raw -1e999', '-1e999'],
  ['raw -0', '-0'],
  ['raw NaN', 'NaN'],
  ['raw 2^64', '18446744073709551616'],
];

function typeVariants(valid: unknown): [string, unknown][] {
  return [
    ['null', null],
    ['true', true],
    ['number 7', 7],
    ['string', 'fuzz'],
    ['NUL string', NUL],
    ['100k string', HUGE],
    ['empty array', []],
    ['array of the valid value', [valid]],
    ['empty object', {}],
    ['object wrapping the valid value', { value: valid }],
    ['deep array', JSON.parse('['.repeat(500) + ']'.repeat(500)) as unknown],
  ];
}

/** where a leaf sits in the body: property names and array indexes */
type Path = (string | number)[];

function leaves(value: unknown, path: Path = []): Path[] {
  if (Array.isArray(value)) return value.flatMap((item, index) => leaves(item, [...path, index]));
  if (value && typeof value === 'object') {
    const entries = Object.entries(value);
    // an object is a field of its own too (it can be replaced or removed as a whole)
    return [
      ...(path.length ? [path] : []),
      ...entries.flatMap(([key, item]) => leaves(item, [...path, key])),
    ];
  }
  return path.length ? [path] : [];
}

const clone = <T>(value: T): T => structuredClone(value);

function setAt(body: unknown, path: Path, value: unknown): unknown {
  const copy = clone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  node[path.at(-1)!] = value;
  return copy;
}

function getAt(body: unknown, path: Path): unknown {
  let node = body as Record<string | number, unknown>;
  for (const key of path) node = node[key] as Record<string | number, unknown>;
  return node;
}

function removeAt(body: unknown, path: Path): unknown {
  const copy = clone(body) as Record<string | number, unknown>;
  let node = copy;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  if (Array.isArray(node)) node.splice(path.at(-1) as number, 1);
  else delete node[path.at(-1)!];
  return copy;
}

/** the body as JSON text with the value at `path` written as `raw` */
function rawAt(body: unknown, path: Path, raw: string): string {
  const marker = '__fuzz_raw_marker__';
  return JSON.stringify(setAt(body, path, marker)).replace(`"${marker}"`, raw);
}

const label = (path: Path) => path.map((key) => (typeof key === 'number' ? `[${key}]` : key)).join('.');
const json = (value: unknown): Payload => ({ kind: 'json', value });

/** the object `valid` as JSON text with `members` (raw `"key":value` text) first */
function withMembers(valid: object, members: string): string {
  const rest = JSON.stringify(valid).slice(1, -1);
  return `{${members}${rest ? `,${rest}` : ''}}`;
}

/** a number field named `id` or `…_id` holds an internal id (a PostgreSQL integer) */
const isIdField = (path: Path) => {
  const last = path.at(-1);
  return typeof last === 'string' && (last === 'id' || last.endsWith('_id'));
};

/**
 * Every hostile variant of `valid`: for each field (nested ones too) wrong types, NUL, huge and odd
 * Unicode strings, extreme numbers, removal; extra fields; and whole bodies of the wrong shape. A NUL
 * anywhere must be refused as VALIDATION, an id past PostgreSQL's integer as VALIDATION or NOT_FOUND.
 */
export function mutateBody(valid: unknown): FuzzCase[] {
  const cases: FuzzCase[] = [];
  const isObject = valid !== null && typeof valid === 'object' && !Array.isArray(valid);
  for (const path of leaves(valid)) {
    const name = label(path);
    const current = getAt(valid, path);
    if (typeof current === 'string') {
      const variants = stringVariants(current);
      if (/^\d{4}-\d\d-\d\dT/.test(current)) variants.push(...DATE_TIME_VARIANTS);
      for (const [what, value] of variants) {
        cases.push({
          label: `${name}: ${what}`,
          payload: json(setAt(valid, path, value)),
          ...(value.includes(NUL) ? { mustRefuse: 'VALIDATION' as const } : {}),
        });
      }
    }
    if (typeof current === 'number') {
      const isId = isIdField(path);
      for (const [what, value] of NUMBER_VARIANTS) {
        const pastInteger = typeof value === 'number' && Math.abs(value) > 2 ** 31 - 1;
        cases.push({
          label: `${name}: ${what}`,
          payload: json(setAt(valid, path, value)),
          ...(isId && pastInteger ? { mustRefuse: 'VALIDATION_OR_NOT_FOUND' as const } : {}),
        });
      }
      for (const [what, raw] of RAW_NUMBER_VARIANTS) {
        cases.push({ label: `${name}: ${what}`, payload: { kind: 'raw', text: rawAt(valid, path, raw) } });
      }
    }
    for (const [what, value] of typeVariants(current)) {
      cases.push({
        label: `${name}: ${what}`,
        payload: json(setAt(valid, path, value)),
        ...(value === NUL ? { mustRefuse: 'VALIDATION' as const } : {}),
      });
    }
    cases.push({ label: `${name}: missing`, payload: json(removeAt(valid, path)) });
  }
  if (isObject) {
    cases.push(
      { label: 'extra field', payload: json({ ...valid, fuzz: 1 }) },
      { label: 'extra field with NUL', payload: json({ ...valid, [`fuzz${NUL}`]: NUL }) },
      {
        label: '__proto__ key',
        payload: { kind: 'raw', text: withMembers(valid, '"__proto__":{"admin":true}') },
      },
      {
        label: 'constructor.prototype key',
        payload: { kind: 'raw', text: withMembers(valid, '"constructor":{"prototype":{"admin":true}}') },
      },
      { label: 'duplicate key', payload: { kind: 'raw', text: withMembers(valid, '"a":1,"a":2') } },
    );
  }
  const deep = JSON.parse('{"a":'.repeat(2000) + '1' + '}'.repeat(2000)) as Json;
  cases.push(
    { label: 'body: array', payload: json([valid]) },
    { label: 'body: string', payload: json('fuzz') },
    { label: 'body: number', payload: json(42) },
    { label: 'body: null', payload: json(null) },
    { label: 'body: deeply nested object', payload: json(deep) },
    { label: 'body: 50k-item array', payload: json(Array.from({ length: 50_000 }, () => 0)) },
    { label: 'body: not JSON', payload: { kind: 'raw', text: '{"a":' } },
    { label: 'body: NUL byte', payload: { kind: 'raw', text: NUL } },
    { label: 'body: empty', payload: { kind: 'raw', text: '' } },
    { label: 'body: trailing garbage', payload: { kind: 'raw', text: `${JSON.stringify(valid ?? {})}x` } },
  );
  return cases;
}

/** FNV-1a: a seed from a name, so that each target's sample stays the same whatever else changes */
function seedOf(name: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < name.length; i++) hash = Math.imul(hash ^ name.charCodeAt(i), 0x01000193);
  return hash >>> 0;
}

/**
 * At most `budget` cases (more only when those that must be refused, the regression tests of values
 * that once got through, are more: they are always kept); the others are a sample seeded by `target`'s
 * name.
 */
export function budgetCases(cases: FuzzCase[], budget: number, target: string): FuzzCase[] {
  const must = cases.filter((c) => c.mustRefuse);
  const rest = cases.filter((c) => !c.mustRefuse);
  return [...must, ...createRandom(seedOf(target)).sample(rest, Math.max(0, budget - must.length))];
}
