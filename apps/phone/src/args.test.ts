import { describe, expect, it } from 'vitest';
import {
  UsageError,
  defaultDeviceId,
  parseCliArgs,
  phonesOf,
  withPhoneDefaults,
  type CliOptions,
} from './args.ts';

const base = ['--email', 'ana@example.com', '--password', 'secreto-123'];
const parse = (...extra: string[]) => parseCliArgs([...base, ...extra]) as CliOptions;
const refusal = (argv: string[]) => {
  try {
    parseCliArgs(argv);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('the command line', () => {
  it('has the defaults of docs/api.md', () => {
    expect(parse()).toEqual({
      server: 'http://localhost:3000',
      email: 'ana@example.com',
      password: 'secreto-123',
      deviceId: defaultDeviceId('ana@example.com'),
      so: 'android',
      soVersion: 14,
      brand: 'Samsung',
      model: 'Galaxy A54',
      name: 'Teléfono simulado',
      reportEveryS: undefined,
      isSilent: false,
      raisesSos: false,
      sosEveryS: undefined,
      battery: 80,
      isCharging: false,
      network: 'wifi',
      count: null,
    });
  });

  it('reports the battery, charging and network given by --battery, --charging and --network', () => {
    expect(
      parseCliArgs([
        ...['--email', 'ana@example.cl', '--password', 'x'],
        ...['--battery', '42', '--charging', '--network', 'cellular'],
      ]),
    ).toMatchObject({ battery: 42, isCharging: true, network: 'cellular' });
    expect(parseCliArgs(['--email', 'ana@example.cl', '--password', 'x', '--battery', '0'])).toMatchObject({
      battery: 0,
    });
    for (const [flag, value, reason] of [
      ['--battery', '101', '--battery debe ser un número entero de 0 a 100 (se recibió "101").'],
      ['--battery', '4.5', '--battery debe ser un número entero de 0 a 100 (se recibió "4.5").'],
      ['--battery', '', '--battery debe ser un número entero de 0 a 100 (se recibió "").'],
      ['--network', 'lte', '--network debe ser wifi, cellular o none (se recibió "lte").'],
    ] as const) {
      expect(() => parseCliArgs(['--email', 'ana@example.cl', '--password', 'x', flag, value])).toThrow(
        new UsageError(reason),
      );
    }
  });

  it('raises an SOS with --sos, a position every --sos-every seconds', () => {
    expect(
      parseCliArgs(['--email', 'ana@example.cl', '--password', 'x', '--sos', '--sos-every', '3']),
    ).toMatchObject({
      raisesSos: true,
      sosEveryS: 3,
    });
    expect(() => parseCliArgs(['--email', 'ana@example.cl', '--password', 'x', '--sos-every', '0'])).toThrow(
      '--sos-every debe ser un número entero mayor que 0',
    );
  });

  it('takes the two-step sign-in code with --code, and refuses an empty one', () => {
    expect(parse().code).toBeUndefined();
    expect(parse('--code', ' 123456 ').code).toBe('123456');
    expect(refusal([...base, '--code', ' '])).toBe('--code no puede estar vacío.');
  });

  it('derives a stable device id from the e-mail, so a second run registers the same phone', () => {
    expect(defaultDeviceId('ana@example.com')).toMatch(/^sim-[0-9a-f]{12}$/);
    expect(defaultDeviceId('Ana@Example.com ')).toBe(defaultDeviceId('ana@example.com'));
    expect(defaultDeviceId('bea@example.com')).not.toBe(defaultDeviceId('ana@example.com'));
  });

  it('takes iOS defaults with --so ios', () => {
    expect(parse('--so', 'ios')).toMatchObject({
      so: 'ios',
      soVersion: 17.5,
      brand: 'Apple',
      model: 'iPhone 13',
    });
  });

  it('takes every override', () => {
    expect(
      parse(
        '--server',
        'https://escudo.example.cl/',
        '--so',
        'ios',
        '--soversion',
        '16.1',
        '--brand',
        'Apple',
        '--model',
        'iPhone 15',
        '--name',
        'Teléfono de Ana',
        '--device-id',
        'demo-android',
        '--report-every',
        '5',
        '--silent',
      ),
    ).toMatchObject({
      server: 'https://escudo.example.cl',
      soVersion: 16.1,
      model: 'iPhone 15',
      name: 'Teléfono de Ana',
      deviceId: 'demo-android',
      reportEveryS: 5,
      isSilent: true,
    });
  });

  it('refuses mistakes with a clear Spanish reason', () => {
    expect(refusal([...base, '--so', 'windows'])).toBe('--so debe ser android o ios (se recibió "windows").');
    expect(refusal(['--password', 'x'])).toBe('Falta --email.');
    expect(refusal(['--email', 'ana@example.com'])).toBe('Falta --password.');
    expect(refusal([...base, '--count', '0'])).toMatch(/--count debe ser un número entero mayor que 0/);
    expect(refusal([...base, '--count', '2.5'])).toMatch(/--count/);
    expect(refusal([...base, '--report-every', 'hora'])).toMatch(/--report-every/);
    expect(refusal([...base, '--soversion', 'catorce'])).toMatch(/--soversion/);
    expect(refusal([...base, '--server', 'localhost:3000'])).toMatch(/--server/);
    expect(refusal([...base, '--device-id', 'a b'])).toMatch(/--device-id no es válido/);
    expect(refusal([...base, '--name', ' '])).toBe('--name no puede estar vacío.');
    expect(refusal([...base, '--colour', 'red'])).toBe('Opción desconocida: --colour.');
    expect(refusal([...base, '--silent=yes'])).toBe('--silent no lleva valor.');
    expect(refusal(['--email', '--password', 'x'])).toBe('Falta el valor de --email.');
    expect(refusal(['--email', 'no-es-un-email', '--password', 'x'])).toMatch(
      /--email no es un e-mail válido/,
    );
  });

  it('asks for help', () => {
    expect(parseCliArgs(['--help'])).toBe('help');
  });
});

describe('several phones (--count)', () => {
  it('numbers the device ids, names and {n} e-mails', () => {
    const phones = phonesOf(
      parseCliArgs([
        '--email',
        'carga{n}@example.com',
        '--password',
        'x',
        '--count',
        '3',
        '--device-id',
        'load',
      ]) as CliOptions,
    );
    expect(phones.map((p) => [p.deviceId, p.email, p.name])).toEqual([
      ['load-1', 'carga1@example.com', 'Teléfono simulado 1'],
      ['load-2', 'carga2@example.com', 'Teléfono simulado 2'],
      ['load-3', 'carga3@example.com', 'Teléfono simulado 3'],
    ]);
  });

  it('keeps one e-mail for all when it has no {n}, and one phone without a suffix without --count', () => {
    expect(phonesOf(parse('--count', '2')).map((p) => p.email)).toEqual([
      'ana@example.com',
      'ana@example.com',
    ]);
    const [only, ...rest] = phonesOf(parse('--device-id', 'demo-android'));
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ deviceId: 'demo-android', name: 'Teléfono simulado' });
  });

  it('refuses a device id that would be too long once numbered', () => {
    expect(refusal([...base, '--device-id', 'x'.repeat(126), '--count', '10'])).toMatch(/--device-id/);
  });
});

describe('library defaults', () => {
  it('fills what a caller left out, as the command line would', () => {
    expect(
      withPhoneDefaults({ email: 'ana@example.com', password: 'x', so: 'ios', name: undefined }),
    ).toMatchObject({
      so: 'ios',
      brand: 'Apple',
      name: 'Teléfono simulado',
      deviceId: defaultDeviceId('ana@example.com'),
    });
  });
});
