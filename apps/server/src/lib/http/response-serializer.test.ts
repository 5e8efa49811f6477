import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isResponseSerializationError } from 'fastify-type-provider-zod';
import * as contract from '@escudo/contract';
import { routes, userSchema } from '@escudo/contract';
import { compileSerializer, createResponseSerializerCompiler, withNullable } from './response-serializer.ts';

const route = { method: 'POST', url: '/api/test' };
const compile = (schema: z.ZodType, checkResponses: boolean) =>
  createResponseSerializerCompiler({ checkResponses })({ schema, ...route });

function thrownBy(run: () => unknown): unknown {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('nothing was thrown');
}

const device = z.object({ id: z.number().int(), name: z.string(), seen_at: z.iso.datetime().nullable() });

describe('the compiled response serializer', () => {
  it('writes only what the contract declares, in its order, as JSON.stringify would', () => {
    const data = {
      seen_at: null,
      name: 'Teléfono "de" Camila\n',
      id: 7,
      token: 'secret',
      password_hash: 'x',
    };
    for (const check of [true, false]) {
      const text = compile(device, check)(data);
      expect(text).toBe('{"id":7,"name":"Teléfono \\"de\\" Camila\\n","seen_at":null}');
      expect(JSON.parse(text)).toEqual({ id: 7, name: 'Teléfono "de" Camila\n', seen_at: null });
    }
  });

  it('compiles the answer of every endpoint of the contract (none waits for production to fail)', () => {
    const responses = Object.entries(contract).flatMap(([name, value]) =>
      name in routes &&
      value &&
      typeof value === 'object' &&
      'response' in value &&
      value.response instanceof z.ZodType
        ? [[name, value.response] as const]
        : [],
    );
    expect(responses.length).toBeGreaterThan(60);
    for (const [name, response] of responses) {
      expect(() => compileSerializer(response), name).not.toThrow();
    }
  });

  it("writes a user details answer exactly as the contract's check does", () => {
    const user = {
      id: 1,
      name: 'Camila Rojas',
      email: 'demo@escudo.cl',
      email_verified: true,
      role: 'customer',
      info: {
        avatar: null,
        direccion: 'Av. Siempre Viva 742',
        telefono: null,
        rut: '123456785',
        pais: 1,
        region: 13,
        comuna: 101,
        genero: null,
        nacimiento: '1990-05-01',
        cuadrante_id: 3,
        codigo_invitacion: 'PVRMBT7T',
        cuadrante: {
          id: 3,
          name: 'Metropolitana',
          primary_fdb_url: 'http://x/panel',
          tracking_fdb_url: 'http://x/panel',
        },
      },
      dispositivos: [],
      plan: null,
      two_factor_enabled: false,
      account_review_pending: false,
      email_change: {
        email: 'camila.nueva@example.cl',
        applies_at: '2026-12-03T19:00:00.000Z',
        new_address_confirmed: true,
        confirmed: false,
      },
    };
    const phone = {
      id: 4,
      device_id: 'demo-android',
      device_brand: 'Samsung',
      device_name: 'Teléfono de Camila',
      device_model: 'Galaxy A54',
      device_so: 'android',
      device_soversion: 14,
      online: true,
      last_seen_at: '2026-11-26T19:00:00.123Z',
      battery: 80,
      charging: false,
      network: 'wifi',
      status_at: '2026-11-26T19:00:00.123Z',
      last_position: { lat: -33.45, lng: -70.66, at: '2026-11-26T18:59:00.000Z', source: 'route_point' },
    };
    const asleep = { ...phone, id: 5, online: false, last_seen_at: null, battery: null, charging: null };
    const withPlan = {
      ...user,
      info: { ...user.info, cuadrante: null, cuadrante_id: null },
      dispositivos: [phone, { ...asleep, network: null, status_at: null, last_position: null }],
      account_review_pending: true,
      email_change: null,
      plan: {
        id: 9,
        plan_id: 2,
        started_at: '2026-11-01T12:00:00.000Z',
        expires_at: null,
        expires_on: null,
        plan: {
          id: 2,
          name: 'Familia',
          description: 'Hasta 3 teléfonos',
          image: null,
          max_red: 5,
          max_devices: 3,
          includes: [{ id: 1, name: 'Bloqueo' }],
          price: 9990,
        },
      },
    };
    // every nullable field of the answer, null and not (the serializer writes them as `nullable`)
    for (const answer of [user, withPlan]) {
      const parsed = userSchema.safeParse(answer);
      expect(parsed.success, JSON.stringify(parsed.error?.issues)).toBe(true);
      expect(compile(userSchema, false)(answer)).toBe(JSON.stringify(parsed.data));
    }
  });
});

describe('the compiled response serializer: nullable, and what checking refuses', () => {
  it("writes zod's nullable as fast-json-stringify's `nullable`, and leaves other unions alone", () => {
    const schema = z.toJSONSchema(
      z.object({ a: z.string().min(1).nullable(), b: z.object({ c: z.number() }).nullable() }),
      { target: 'draft-7' },
    );
    expect(withNullable(schema)).toMatchObject({
      properties: {
        a: { type: 'string', minLength: 1, nullable: true },
        b: { type: 'object', properties: { c: { type: 'number' } }, nullable: true },
      },
    });
    const union = { anyOf: [{ type: 'string' }, { type: 'number' }] };
    expect(withNullable(union)).toEqual(union);
    const reference = { anyOf: [{ $ref: '#/definitions/x' }, { type: 'null' }] };
    expect(withNullable(reference)).toEqual(reference);
  });

  it('refuses, when checking, an answer the contract does not allow (a 500, as before)', () => {
    const error = thrownBy(() => compile(device, true)({ id: 'seven', name: 'x', seen_at: null }));
    expect(isResponseSerializationError(error as Error)).toBe(true);
  });

  it("refuses, when checking, a serializer that writes something other than the contract's check", () => {
    // zod takes the first branch that parses and strips the rest; the compiled serializer takes the first
    // branch whose JSON Schema validates, here the second, and would write `b`
    const ambiguous = z.union([z.object({ a: z.string() }), z.object({ a: z.string(), b: z.number() })]);
    expect(compile(ambiguous, false)({ a: 'x', b: 1 })).toBe('{"a":"x","b":1}');
    const error = thrownBy(() => compile(ambiguous, true)({ a: 'x', b: 1 }));
    expect(isResponseSerializationError(error as Error)).toBe(true);
    const [issue] = ((error as Error).cause as z.ZodError).issues;
    expect(issue?.message).toBe(
      `the compiled serializer wrote {"a":"x","b":1}, the contract's check {"a":"x"}`,
    );
  });
});
