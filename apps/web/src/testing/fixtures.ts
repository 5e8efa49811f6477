/** Data of one signed-in owner and their phone, shaped by the contract, for component tests. */
import type { CentralEvent, Command, PublicConfig, Tracking, User, UserDevice } from '@escudo/contract';

/** a phone that never connected nor reported anything (decision 042) */
const neverSeen = {
  online: false,
  last_seen_at: null,
  battery: null,
  charging: null,
  network: null,
  status_at: null,
  last_position: null,
} satisfies Partial<UserDevice>;

export const device: UserDevice = {
  id: 12,
  device_id: 'sim-a1b2c3',
  device_brand: 'Samsung',
  device_name: 'Teléfono de Ana',
  device_model: 'Galaxy A54',
  device_so: 'android',
  device_soversion: 14,
  ...neverSeen,
};

/** A second phone of the same owner: an iPhone, where the Android-only functions say so. */
export const iphone: UserDevice = {
  id: 13,
  device_id: 'sim-ios-77',
  device_brand: 'Apple',
  device_name: 'iPhone de Ana',
  device_model: 'iPhone 15',
  device_so: 'ios',
  device_soversion: 17.4,
  ...neverSeen,
};

/** The phone's route while tracking is on: one point so far. */
export const liveRoute: Tracking = {
  id: 52,
  device_id: device.device_id,
  created_at: '2026-11-20T13:00:00.000Z',
  ended_at: null,
  route: [{ lat: -33.46, lng: -70.67, at: '2026-11-20T13:00:10.000Z' }],
};

export const user: User = {
  id: 5,
  name: 'Ana Pérez',
  email: 'ana@example.cl',
  email_verified: true,
  role: 'customer',
  info: {
    cuadrante: null,
  } as unknown as User['info'],
  dispositivos: [device],
  plan: null,
  two_factor_enabled: false,
  account_review_pending: false,
  email_change: null,
};

export const config: PublicConfig = {
  brand_name: 'Escudo',
  google_sign_in: false,
  google_sign_in_url: '',
  play_store_url: '',
  app_store_url: '',
  app_link_url: '',
  privacy_url: '',
  terms_url: '',
  map_tile_url: '',
  map_attribution: '',
  payments_sandbox: false,
};

let nextCommandId = 100;

/** A command as the server reports it; a new id each time unless given. */
export function command(type: Command['type'], changes: Partial<Command> = {}): Command {
  return {
    id: nextCommandId++,
    device_id: device.device_id,
    type,
    state: 'sent',
    reason: null,
    created_at: '2026-03-05T14:00:00.000Z',
    updated_at: '2026-03-05T14:00:00.000Z',
    expires_at: type.startsWith('tracking') ? null : '2026-03-12T14:00:00.000Z',
    ...changes,
  };
}

/** The same command moved to another state, as a later `commandState` carries it. */
export function moved(original: Command, state: Command['state'], reason: string | null = null): Command {
  return { ...original, state, reason, updated_at: new Date().toISOString() };
}

/** an SOS of the central's queue, open: Ana Pérez's, from her Android */
export const centralSos: CentralEvent = {
  id: 4,
  kind: 'sos',
  priority: 4,
  created_at: new Date().toISOString(),
  status: 'open',
  customer: { id: 9, name: 'Ana Pérez', telefono: '56911112222' },
  device: { device_id: 'sim-1', device_name: 'Teléfono de Ana', device_so: 'android' },
  last_position: { lat: -33.45, lng: -70.66, at: new Date().toISOString() },
  claimed_by: null,
  claimed_at: null,
  closed_at: null,
  closed_by: null,
  outcome: null,
  level: null,
  close_note: null,
};
