/**
 * How every answer of the API is written (decision 045). Each route's response schema, from the
 * contract, is compiled once, on its first answer, to a serializer (fast-json-stringify, from the
 * schema's JSON Schema): only the fields the contract declares leave the server, in its order, and
 * no checked copy of the answer is built first. Checking every answer with zod cost about a sixth of
 * user details' CPU under load (decision 045).
 *
 * With `checkResponses` (on unless NODE_ENV=production, so in development and in every test), each
 * answer is also checked by the contract's zod schema, as it always was, and the compiled serializer
 * must write exactly what the checked answer would: an answer the contract does not allow is a 500
 * and a failed test, and a serializer that strays from the contract is found by the API tests.
 */
import fastJson from 'fast-json-stringify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from 'zod';

export interface ResponseSerializerOptions {
  checkResponses: boolean;
}

type Serialize = (data: unknown) => string;

/** Fastify's serializer compiler: one serializer per route and status. */
export function createResponseSerializerCompiler(options: ResponseSerializerOptions) {
  return ({ schema, method, url }: { schema: unknown; method: string; url: string }): Serialize => {
    const contract = schema as z.ZodType;
    // compiled on the first answer, not at start-up: a server has about a hundred routes to start
    let compiled: Serialize | undefined;
    const serialize: Serialize = (data) => (compiled ??= compileSerializer(contract))(data);
    if (!options.checkResponses) return serialize;
    return (data) => {
      const checked = contract.safeParse(data);
      if (!checked.success) throw new ResponseSerializationError(method, url, { cause: checked.error });
      const text = serialize(data);
      const expected = JSON.stringify(checked.data);
      if (text !== expected) {
        const message = `the compiled serializer wrote ${text}, the contract's check ${expected}`;
        throw new ResponseSerializationError(method, url, {
          cause: new z.ZodError([{ code: 'custom', message, path: [], input: data }]),
        });
      }
      return text;
    };
  };
}

/** The contract's schema as fast-json-stringify reads it: what the server sends (its output side). */
export function compileSerializer(contract: z.ZodType): Serialize {
  const jsonSchema = z.toJSONSchema(contract, { io: 'output', target: 'draft-7', unrepresentable: 'any' });
  return fastJson(withNullable(jsonSchema) as Parameters<typeof fastJson>[0]);
}

type JsonSchema = { [key: string]: unknown };
const isJsonSchema = (value: unknown): value is JsonSchema =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * zod writes `.nullable()` as `anyOf: [schema, { type: 'null' }]`, which fast-json-stringify can only
 * write by validating the value against each branch first (with Ajv, an object field by field).
 * Written as the schema with `nullable: true`, the keyword fast-json-stringify reads for it, the same
 * JSON comes out in about half the time for user details (bench/RESULTS.md, "user details in plain SQL, one
 * JSON value"). A branch with a `$ref` or a combinator of its own is left as zod wrote it.
 */
export function withNullable(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(withNullable);
  if (!isJsonSchema(schema)) return schema;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(schema)) out[key] = withNullable(value);
  const { anyOf, ...rest } = out;
  if (!Array.isArray(anyOf) || anyOf.length !== 2) return out;
  const nullIndex = anyOf.findIndex(
    (branch) => isJsonSchema(branch) && branch.type === 'null' && Object.keys(branch).length === 1,
  );
  const other: unknown = anyOf[1 - nullIndex];
  if (nullIndex < 0 || !isJsonSchema(other)) return out;
  if (['$ref', 'anyOf', 'oneOf', 'allOf', 'nullable'].some((key) => key in other)) return out;
  return { ...rest, ...other, nullable: true };
}
