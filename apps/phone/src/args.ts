/** `npm run phone`'s command line (docs/api.md, "The phone simulator"), testable without a server. */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import { deviceIdSchema, deviceNetworks, emailSchema, type DeviceNetwork } from '@escudo/contract';

export const USAGE = `Uso: npm run phone -- [--server URL] --email E --password P [opciones]

Simula el teléfono de un cliente: inicia sesión, registra el teléfono, se conecta en tiempo real y
responde las órdenes (bloqueo, borrado, modo perdido, tracking) como lo haría la app.

  --server URL            servidor de Escudo (por defecto http://localhost:3000)
  --email E               e-mail de la cuenta; con --count, {n} se reemplaza por el número del teléfono
  --password P            contraseña de la cuenta
  --code C                código de verificación en dos pasos (el de tu app de autenticación o un
                          código de recuperación), si la cuenta la tiene activada; cada código sirve
                          una sola vez, así que con --count solo el primer teléfono lo puede usar
  --so android|ios        sistema operativo (por defecto android)
  --soversion N           versión del sistema (por defecto 14 en android, 17.5 en ios)
  --brand B               marca (por defecto Samsung o Apple)
  --model M               modelo (por defecto Galaxy A54 o iPhone 13)
  --name N                nombre del teléfono (por defecto "Teléfono simulado")
  --device-id ID          identificador del teléfono (por defecto uno fijo derivado del e-mail)
  --report-every SEGUNDOS segundos entre reportes en modo perdido (por defecto lo que indique la orden: 3600)
  --silent                se conecta pero nunca responde (para ver los tiempos de espera del panel)
  --sos                   activa una alerta (SOS) al conectarse y camina enviando su posición cada
                          5 s mientras siga abierta
  --sos-every SEGUNDOS    segundos entre posiciones de la alerta (por defecto 5)
  --battery N             nivel de batería que informa, de 0 a 100 (por defecto 80)
  --charging              informa que está cargando (por defecto no)
  --network RED           red que informa: wifi, cellular o none (por defecto wifi)
  --count N               simula N teléfonos en este proceso (ID-1 … ID-N), para pruebas de carga
  --help                  muestra esta ayuda

Mientras corre en una terminal: la tecla s activa una alerta (SOS), o la termina si hay una abierta;
b baja la batería 10 puntos (y B la sube), c conecta o desconecta el cargador, n cambia de red
(wifi, cellular, none); Ctrl-C detiene el simulador.`;

/** What one simulated phone needs to sign in, register and behave. */
export interface PhoneOptions {
  server: string;
  email: string;
  password: string;
  /** two-step sign-in's code (the app's or a recovery code), for an account that has it on */
  code: string | undefined;
  deviceId: string;
  so: 'android' | 'ios';
  soVersion: number;
  brand: string;
  model: string;
  name: string;
  /** overrides the lost-mode command's report_every_s when set */
  reportEveryS: number | undefined;
  isSilent: boolean;
  /** raises an SOS as soon as it is connected */
  raisesSos: boolean;
  /** seconds between two positions of an open alert (ALERT_POSITION_EVERY_S unless said) */
  sosEveryS: number | undefined;
  /** what the phone reports in `status` (docs/device-protocol.md section 2) */
  battery: number;
  isCharging: boolean;
  network: DeviceNetwork;
}

export interface CliOptions extends PhoneOptions {
  /** null without --count: one phone whose device_id has no suffix */
  count: number | null;
}

/** A mistake on the command line: main prints it with the usage and exits 2. */
export class UsageError extends Error {
  override name = 'UsageError';
}

const DEFAULTS = {
  android: { soVersion: 14, brand: 'Samsung', model: 'Galaxy A54' },
  ios: { soVersion: 17.5, brand: 'Apple', model: 'iPhone 13' },
} as const;
export const DEFAULT_SERVER = 'http://localhost:3000';
const DEFAULT_NAME = 'Teléfono simulado';
/** what a simulated phone reports until told otherwise: a phone in a home, not plugged in */
export const DEFAULT_STATUS = { battery: 80, isCharging: false, network: 'wifi' } as const;

/** What a caller of the library must give; the rest takes the command line's defaults. */
export type PhoneInput = Pick<PhoneOptions, 'email' | 'password'> & Partial<PhoneOptions>;

export function withPhoneDefaults(input: PhoneInput): PhoneOptions {
  const so = input.so ?? 'android';
  // an option given as undefined takes its default, as on the command line
  const given = Object.fromEntries(
    Object.entries(input).filter(([, value]) => value !== undefined),
  ) as PhoneInput;
  return {
    server: DEFAULT_SERVER,
    deviceId: defaultDeviceId(input.email),
    ...DEFAULTS[so],
    name: DEFAULT_NAME,
    code: undefined,
    reportEveryS: undefined,
    isSilent: false,
    raisesSos: false,
    sosEveryS: undefined,
    ...DEFAULT_STATUS,
    ...given,
    so,
  };
}
/** more phones than this in one process is a mistake, not a load test */
const MAX_COUNT = 10_000;

/** Stable per e-mail, so running the simulator again re-registers the same phone (idempotent). */
export function defaultDeviceId(email: string): string {
  return `sim-${createHash('sha256').update(email.trim().toLowerCase()).digest('hex').slice(0, 12)}`;
}

/** The whole number above 0 given to `flag`; undefined when the flag was not given. */
function positiveInteger(flag: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const value = Number(raw);
  if (raw.trim() === '' || !Number.isInteger(value) || value <= 0) {
    throw new UsageError(`${flag} debe ser un número entero mayor que 0 (se recibió "${raw}").`);
  }
  return value;
}

function required(flag: string, value: string | undefined): string {
  if (value === undefined || value.trim() === '') throw new UsageError(`Falta ${flag}.`);
  return value;
}

/** Parses argv (without node and the script); throws UsageError with a Spanish reason. */
export function parseCliArgs(argv: readonly string[]): CliOptions | 'help' {
  let values;
  try {
    ({ values } = parseArgs({
      args: [...argv],
      strict: true,
      allowPositionals: false,
      options: {
        server: { type: 'string' },
        email: { type: 'string' },
        password: { type: 'string' },
        code: { type: 'string' },
        so: { type: 'string' },
        soversion: { type: 'string' },
        brand: { type: 'string' },
        model: { type: 'string' },
        name: { type: 'string' },
        'device-id': { type: 'string' },
        'report-every': { type: 'string' },
        silent: { type: 'boolean' },
        sos: { type: 'boolean' },
        'sos-every': { type: 'string' },
        battery: { type: 'string' },
        charging: { type: 'boolean' },
        network: { type: 'string' },
        count: { type: 'string' },
        help: { type: 'boolean', short: 'h' },
      },
    }));
  } catch (error) {
    throw new UsageError(explainParseError(error as Error & { code?: string }));
  }
  if (values.help) return 'help';

  const server = values.server ?? DEFAULT_SERVER;
  if (!URL.canParse(server)) {
    throw new UsageError(`--server debe ser una URL, como ${DEFAULT_SERVER} (se recibió "${server}").`);
  }
  const { protocol } = new URL(server);
  if (protocol !== 'http:' && protocol !== 'https:') {
    throw new UsageError(`--server debe empezar con http:// o https:// (se recibió "${server}").`);
  }

  const email = required('--email', values.email).trim();
  // `{n}` stands for a number: check the address with one in its place
  if (!emailSchema.safeParse(email.replaceAll('{n}', '1')).success) {
    throw new UsageError(`--email no es un e-mail válido: "${email}".`);
  }
  const password = required('--password', values.password);
  const code = values.code?.trim();
  if (values.code !== undefined && !code) throw new UsageError('--code no puede estar vacío.');

  const so = values.so ?? 'android';
  if (so !== 'android' && so !== 'ios') {
    throw new UsageError(`--so debe ser android o ios (se recibió "${so}").`);
  }
  const defaults = DEFAULTS[so];

  const soVersion = values.soversion === undefined ? defaults.soVersion : Number(values.soversion);
  if (values.soversion?.trim() === '' || !Number.isFinite(soVersion) || soVersion < 0 || soVersion > 1000) {
    throw new UsageError(
      `--soversion debe ser un número, como 14 o 17.5 (se recibió "${values.soversion}").`,
    );
  }

  const count = positiveInteger('--count', values.count) ?? null;
  if (count !== null && count > MAX_COUNT) {
    throw new UsageError(`--count admite como máximo ${MAX_COUNT} teléfonos.`);
  }
  const reportEveryS = positiveInteger('--report-every', values['report-every']);

  const deviceId = values['device-id'] ?? defaultDeviceId(email);
  // the longest id this run will register must still be a valid device_id
  const longest = count === null ? deviceId : `${deviceId}-${count}`;
  const checked = deviceIdSchema.safeParse(longest);
  if (!checked.success) {
    throw new UsageError(
      `--device-id no es válido ("${deviceId}"): ${checked.error.issues[0]?.message ?? ''}`,
    );
  }

  const battery = values.battery === undefined ? DEFAULT_STATUS.battery : Number(values.battery);
  if (values.battery?.trim() === '' || !Number.isInteger(battery) || battery < 0 || battery > 100) {
    throw new UsageError(`--battery debe ser un número entero de 0 a 100 (se recibió "${values.battery}").`);
  }
  const network = values.network ?? DEFAULT_STATUS.network;
  if (!(deviceNetworks as readonly string[]).includes(network)) {
    throw new UsageError(`--network debe ser wifi, cellular o none (se recibió "${network}").`);
  }

  const text = (flag: string, value: string | undefined, fallback: string) => {
    if (value === undefined) return fallback;
    if (value.trim() === '') throw new UsageError(`${flag} no puede estar vacío.`);
    return value.trim();
  };

  return {
    server: server.replace(/\/+$/, ''),
    email,
    password,
    code,
    deviceId: deviceId.trim(),
    so,
    soVersion,
    brand: text('--brand', values.brand, defaults.brand),
    model: text('--model', values.model, defaults.model),
    name: text('--name', values.name, DEFAULT_NAME),
    reportEveryS,
    isSilent: values.silent ?? false,
    raisesSos: values.sos ?? false,
    sosEveryS: positiveInteger('--sos-every', values['sos-every']),
    battery,
    isCharging: values.charging ?? DEFAULT_STATUS.isCharging,
    network: network as DeviceNetwork,
    count,
  };
}

function explainParseError(error: Error & { code?: string }): string {
  const flag = /'([^']+)'/.exec(error.message)?.[1];
  switch (error.code) {
    case 'ERR_PARSE_ARGS_UNKNOWN_OPTION':
      return `Opción desconocida: ${flag ?? error.message}.`;
    case 'ERR_PARSE_ARGS_INVALID_OPTION_VALUE': {
      const name = flag?.split(' ')[0] ?? 'una opción';
      return /does not take an argument/.test(error.message)
        ? `${name} no lleva valor.`
        : `Falta el valor de ${name}.`;
    }
    case 'ERR_PARSE_ARGS_UNEXPECTED_POSITIONAL':
      return `Argumento inesperado: ${flag ?? error.message}.`;
    default:
      return error.message;
  }
}

/**
 * The phones of one run. With --count N, phone i (1..N) gets `<device-id>-<i>`, its name gets ` i`,
 * and `{n}` in the e-mail becomes i, so each phone may sign in to an account of its own.
 */
export function phonesOf(cli: CliOptions): PhoneOptions[] {
  const { count, ...base } = cli;
  if (count === null) return [{ ...base, email: base.email.replaceAll('{n}', '1') }];
  return Array.from({ length: count }, (_, index) => {
    const n = index + 1;
    return {
      ...base,
      email: base.email.replaceAll('{n}', String(n)),
      deviceId: `${base.deviceId}-${n}`,
      name: `${base.name} ${n}`,
    };
  });
}
