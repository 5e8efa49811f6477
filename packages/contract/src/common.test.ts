import { describe, expect, it } from 'vitest';
import {
  PG_INTEGER_MAX,
  freeTextSchema,
  idSchema,
  newPasswordSchema,
  optionalCodeSchema,
  passwordSchema,
  personNameSchema,
  singleLineTextSchema,
} from './index.ts';

const NUL = '\u0000';
const accepts = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('idSchema', () => {
  it('takes positive integers up to PostgreSQL integer, nothing past it', () => {
    expect(accepts(idSchema, 1)).toBe(true);
    expect(accepts(idSchema, PG_INTEGER_MAX)).toBe(true);
    for (const bad of [0, -1, 1.5, PG_INTEGER_MAX + 1, 2 ** 53, Infinity, NaN, '1', null]) {
      expect(accepts(idSchema, bad), String(bad)).toBe(false);
    }
  });
});

describe('singleLineTextSchema and names', () => {
  it('take what people type, emoji and accents included, trimmed', () => {
    expect(personNameSchema.parse('  María José Ñúñez 🛡️ ')).toBe('María José Ñúñez 🛡️');
    expect(accepts(singleLineTextSchema(60), 'Galaxy A54 (5G) – Samsung')).toBe(true);
  });

  it('refuse NUL, line breaks, control characters, bidirectional overrides and lone surrogates', () => {
    for (const bad of [
      `Ana${NUL}`,
      'Ana\nBcc: x@example.cl',
      'Ana\rPérez',
      'Ana\tPérez',
      'Ana\u0007',
      'Ana\u007f',
      'Ana\u0085',
      'Ana\u2028Pérez',
      '\u202eAna',
      'Ana\u2066',
      'Ana\ud800',
      '\udc00Ana',
    ]) {
      expect(accepts(personNameSchema, bad), JSON.stringify(bad)).toBe(false);
    }
  });

  it('say why in Spanish', () => {
    const issues = personNameSchema.safeParse('Ana\nPérez').error?.issues ?? [];
    expect(issues.map((issue) => issue.message)).toEqual([
      'No puede contener saltos de línea ni caracteres de control.',
    ]);
    expect(personNameSchema.safeParse(`Ana${NUL}`).error?.issues[0]?.message).toBe(
      'El texto contiene caracteres no permitidos.',
    );
    expect(personNameSchema.safeParse('a'.repeat(121)).error?.issues[0]?.message).toBe(
      'El nombre no puede superar los 120 caracteres.',
    );
  });
});

describe('freeTextSchema', () => {
  it('keeps lines and tabs, refuses NUL, other controls and lone surrogates', () => {
    const reason = freeTextSchema(300);
    expect(accepts(reason, 'Sin permiso de cámara.\nReintentar\tmás tarde.')).toBe(true);
    for (const bad of [`a${NUL}b`, 'a\u0007', 'a\u001b[31m', 'a\u0085', 'a\ud800']) {
      expect(accepts(reason, bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

describe('passwords and codes', () => {
  it('refuse NUL, which no one types and the database cannot hold', () => {
    expect(accepts(passwordSchema, `clave${NUL}`)).toBe(false);
    expect(accepts(newPasswordSchema, `una-clave${NUL}segura`)).toBe(false);
    expect(accepts(newPasswordSchema, 'una clave ñ 🛡️ segura')).toBe(true);
  });

  it('take our codes, or nothing, and refuse anything else', () => {
    expect(optionalCodeSchema.parse(' ABC23456 ')).toBe('ABC23456');
    expect(optionalCodeSchema.parse('')).toBeNull();
    expect(optionalCodeSchema.parse(undefined)).toBeNull();
    for (const bad of [`AB${NUL}C`, 'AB C', 'AB\nC', 'ÁBC']) {
      expect(accepts(optionalCodeSchema, bad), JSON.stringify(bad)).toBe(false);
    }
  });
});
