/**
 * Business constants. Those of the panel come from spec section 9 (docs/spec.md);
 * the server-side ones are ours, each with the reason it has its value.
 */

/** spec 7/9: every panel request times out after 10 s */
export const REQUEST_TIMEOUT_MS = 10_000;
/** spec 4/9: how long the panel waits for the phone's `imHere` in the lost-phone flow */
export const LOST_PHONE_WAIT_MS = 40_000;
/** spec 9: wipe cancel window; the counter starts at 25 and the bar is based on 20 */
export const WIPE_CANCEL_WINDOW_S = 20;
export const WIPE_COUNTER_START_S = 25;
/** spec 4/9: the 'DETENER' button appears 5 s after the phone answers */
export const WIPE_STOP_BUTTON_DELAY_MS = 5_000;
/** spec 4: wipe modal state resets 1 s after closing */
export const WIPE_RESET_AFTER_CLOSE_MS = 1_000;
/** spec 8: 'Contraseña incorrecta' stays 3 s */
export const WRONG_PASSWORD_MESSAGE_MS = 3_000;
/** spec 5/9 */
export const LOCK_PIN_LENGTH = 4;
export const PHONE_LENGTH = 11;
export const PASSWORD_MIN_LENGTH = 8;
/** ours: a bound on every password so that hashing cost stays bounded */
export const PASSWORD_MAX_LENGTH = 128;
/** spec 9: page size of atenciones, trackings and referred users */
export const PAGE_SIZE = 15;
/** docs/api.md: paged lists take at most 100 a page */
export const PAGE_SIZE_MAX = 100;
/** spec 5/9 */
export const BIRTH_DATE_MIN = '1950-01-01';
/** spec 9: snackbars */
export const SNACKBAR_MS = 4_000;
export const SNACKBAR_ERROR_MS = 6_000;
/** spec 9: photo and location requested from a lost phone every hour */
export const LOST_REPORT_EVERY_MS = 60 * 60 * 1000;
/** spec 9: Android above version 10 disables incognito photos */
export const ANDROID_INCOGNITO_PHOTO_MAX_VERSION = 10;
/** spec 9 */
export const PLAN_MONTHS = [1, 6, 12] as const;
export const DEFAULT_PLAN_MONTHS = 6;
/** ours: discount on the monthly price for paying 6 or 12 months at once (decision 008) */
export const PLAN_MONTHS_DISCOUNT_PERCENT = { 1: 0, 6: 10, 12: 20 } as const;
/** spec 3/4: the order status that means paid (Flow's 2) */
export const PAYMENT_STATUS_PAID = 2;
/** spec 9: map centre (Santiago), zoom 12, max zoom 16 */
export const MAP_CENTER = { lat: -33.4489, lng: -70.6693 } as const;
export const MAP_ZOOM = 12;
export const MAP_MAX_ZOOM = 16;
/**
 * spec 9: register redirect on mobile. 3 s for a sign-up that is not through the form (none reaches
 * 'Registro Completo' in this panel: Google's goes Home); 5 s after a form sign-up, the countdown the
 * panel shows; on Android the app link 500 ms after the screen shows, before the store (decision 040).
 */
export const REGISTER_REDIRECT_COUNTDOWN_S = 3;
export const REGISTER_FORM_REDIRECT_MS = 5_000;
export const APP_LINK_DELAY_MS = 500;
/** spec 9: tracking deactivation loading ends after a 4 s timer */
export const TRACKING_TIMER_MS = 4_000;
/** spec 9: commission */
export const REFERRED_DETAIL_COMMISSION_PERCENT = 20;

/** ours: a session token lives 30 days (decision 003) */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;
/** ours: the social_access_token of Google sign-in is valid 2 minutes and works once (decision 014) */
export const SOCIAL_TOKEN_TTL_MS = 2 * 60 * 1000;
/**
 * ours: why Google sign-in sent the browser back to Login (`/login?social_error=…`); the panel shows
 * a Spanish message for each (decision 014)
 */
export const socialSignInErrors = [
  /** the person cancelled on the provider's consent screen (error=access_denied) */
  'cancelled',
  /** the provider answered an error, could not be reached, or its answer did not check out */
  'provider',
  /** the state is missing, forged, expired, or from another browser (no sign-in cookie) */
  'state',
  /** the provider's e-mail is not verified: no account is linked or created with it */
  'unverified',
  /** Google sign-in is not configured on this server */
  'unavailable',
] as const;
export type SocialSignInError = (typeof socialSignInErrors)[number];
/** decision 035: sign-in's second step must come within 5 minutes of the password (or Google) */
export const TWO_FACTOR_CHALLENGE_TTL_MS = 5 * 60 * 1000;
/** ours: a challenge takes this many codes; then it is dead and the person signs in again (decision 035) */
export const TWO_FACTOR_CHALLENGE_MAX_CODES = 5;
/** decision 035: how many single-use recovery codes turning two-step sign-in on gives */
export const TWO_FACTOR_RECOVERY_CODE_COUNT = 10;
/**
 * ours: a secret started with twoFactor/start must be confirmed within 15 minutes; then confirm is
 * refused and the owner starts again (decision 052): a QR code left on a screen does not stay good
 */
export const TWO_FACTOR_PENDING_TTL_MS = 15 * 60 * 1000;
/** ours: how many digits the authenticator app's code has (RFC 6238's usual 6) */
export const TWO_FACTOR_CODE_DIGITS = 6;
/** ours: an e-mail verification link is valid 48 hours and works once (decision 034) */
export const EMAIL_VERIFICATION_TTL_MS = 48 * 60 * 60 * 1000;
/** ours: a reset link is valid 1 hour and works once (docs/architecture.md, "Accounts") */
export const RESET_TOKEN_TTL_MS = 60 * 60 * 1000;
/**
 * ours: an e-mail change the account's verified address did not confirm applies this long after it
 * was asked for, as a scheduled deletion waits (decision 050): time for the owner to read the notice
 * at the current address and cancel it
 */
export const EMAIL_CHANGE_WAIT_MS = 7 * 24 * 60 * 60 * 1000;
/**
 * ours: after 5 wrong passwords for one e-mail from one address within 15 minutes, that address
 * waits (decision 010: per account *and* address, so nobody can lock the owner out from elsewhere);
 * the same 5 bound the wrong passwords of one signed-in session re-entering its password (validatePass)
 */
export const LOGIN_MAX_FAILURES = 5;
export const LOGIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;
/** ours: at most 3 password-reset e-mails an hour to one e-mail address, whoever asks (decision 010) */
export const RESET_EMAILS_PER_HOUR = 3;
/**
 * ours: an account asked to be deleted is deleted this long after the request, and can be kept until
 * then through the e-mailed link (decision 038)
 */
export const ACCOUNT_DELETION_DELAY_MS = 7 * 24 * 60 * 60 * 1000;
/** ours: a wipe is refused unless the password was confirmed in the last 5 minutes (decision 007) */
export const WIPE_PASSWORD_CONFIRM_WINDOW_MS = 5 * 60 * 1000;
/**
 * ours: the phone waits this long for a stop before erasing: the 5 s before 'DETENER' plus the counter
 * (docs/device-protocol.md, `wipe`)
 */
export const WIPE_PHONE_CANCEL_WINDOW_MS = WIPE_STOP_BUTTON_DELAY_MS + WIPE_COUNTER_START_S * 1000;
/**
 * ours (decision 043): an order not delivered within this many days expires instead
 * of running late; the server's COMMAND_PENDING_DAYS may set 1 to 30, and each command carries its
 * own `expires_at`, so nothing else reads this default
 */
export const COMMAND_PENDING_DAYS_DEFAULT = 7;
/** ours: the panel's realtime token (customToken) is valid for connecting during 1 hour (decision 007) */
export const PANEL_TOKEN_TTL_MS = 60 * 60 * 1000;
/** decision 037: the e-mailed link to an export of one's data works for 24 hours */
export const DATA_EXPORT_LINK_TTL_MS = 24 * 60 * 60 * 1000;
/** decision 037: at most one export of one's data a day, counted from the last one asked */
export const DATA_EXPORT_EVERY_MS = 24 * 60 * 60 * 1000;
/** ours: signed file links (photos) work for 30 minutes (decision 007) */
export const FILE_URL_TTL_MS = 30 * 60 * 1000;
/** ours (decision 013): an avatar sent is a JPEG of at most 5 MB; bigger ones are refused before decoding */
export const AVATAR_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
/** ours (decision 013): an avatar is stored re-encoded, at most 512×512 pixels (the panel crops it square) */
export const AVATAR_MAX_SIDE_PX = 512;
/**
 * ours (decision 018): an evidence video is at most 200 MB; an upload past it is cut off and nothing is
 * stored
 */
export const EVIDENCE_MAX_BYTES = 200 * 1024 * 1024;
/** ours (decision 019): how long a shared evidence link may work, in hours (24 h, 7 días, 30 días) */
export const EVIDENCE_SHARE_HOURS = [24, 168, 720] as const;
/** ours: an atención's note title and description bounds */
export const ATENCION_NOTE_TITLE_MAX = 120;
export const ATENCION_NOTE_DESCRIPTION_MAX = 4000;
/** spec 9: a video turns in quarter turns, 0 to 3 */
export const VIDEO_ROTATION_STEPS = 4;
/** ours: the Information page shows a phone's latest 200 reports (decision 011) */
export const LOST_INFO_MAX_ITEMS = 200;
/** ours: a tracking phone sends a route point every 5 seconds (docs/device-protocol.md section 4) */
export const TRACKING_POINT_EVERY_S = 5;
/**
 * ours: at most 10 route points a second from one phone; more are refused (docs/device-protocol.md
 * section 4)
 */
export const TRACKING_MAX_POINTS_PER_SECOND = 10;
/** ours: at most 50 points in one routePoints message (a phone catching up after being offline) */
export const TRACKING_MAX_POINTS_PER_MESSAGE = 50;
/**
 * ours: a route point's time lies between its route's start and now, give or take this much for the
 * phone's clock; others are refused (a point dated year 0001 was once stored as 2001)
 */
export const TRACKING_POINT_CLOCK_SKEW_MS = 10 * 60 * 1000;
/** spec 7: the panel's realtime identity is a fixed prefix plus the user id */
export const PANEL_DEVICE_ID_PREFIX = 'panel-';

/** Socket.IO namespaces of the realtime link (realtime.ts has its messages) */
export const PANEL_NAMESPACE = '/panel';
export const DEVICE_NAMESPACE = '/device';
/** ours: a realtime message's JSON may not exceed 16 KB (photos go over HTTP); larger ones are rejected */
export const REALTIME_MESSAGE_MAX_BYTES = 16 * 1024;
/** ours: a socket may send up to 20 messages a second (burst 40); beyond that they are rejected */
export const REALTIME_MESSAGES_PER_SECOND = 20;
/** ours: who an account is (decision 018): customers use the panel, operators attend them */
export const USER_ROLES = ['customer', 'operator'] as const;
/** spec 3: Device.device_so */
export const deviceOperatingSystems = ['android', 'ios'] as const;
/** ours: an invitation to a security network works once, for 14 days (decision 015) */
export const SECURITY_CODE_TTL_MS = 14 * 24 * 60 * 60 * 1000;
/**
 * ours: invitations sent in an hour (decisions 010 and 015): by one account, from one address, and to
 * one e-mail whoever sends them, so that nobody can use the network to flood inboxes
 */
export const INVITATIONS_PER_HOUR_PER_ACCOUNT = 10;
export const INVITATIONS_PER_HOUR_PER_ADDRESS = 30;
export const INVITATIONS_PER_HOUR_PER_EMAIL = 3;

// Alerts (SOS) and the open alert route (docs/device-protocol.md section 9; alerts.ts)
/**
 * ours: the open alert page keeps working this long after the alert ended, then answers 410
 * (decision 039). An hour lets a member who reads the e-mail late see how it ended, without leaving
 * the person's last positions open for a day.
 */
export const ALERT_LINK_VALID_AFTER_END_MS = 60 * 60 * 1000;
/**
 * ours: SOS alerts one phone may open in ALERTS_PER_PHONE_WINDOW_MS (decision 039: 15 open/close
 * cycles in 2 s sent 15 e-mails to every member). Three leave room for an SOS ended by mistake and
 * raised again; the network already knows by then.
 */
export const ALERTS_PER_PHONE_MAX = 3;
export const ALERTS_PER_PHONE_WINDOW_MS = 10 * 60 * 1000;
/**
 * ours: lock, lost-mode and wipe orders one phone may be given in ORDERS_WINDOW_MS, and one account
 * for all its phones. An owner who changes the PIN a few times, or turns lost mode on and off, stays
 * far under them; a script (200 orders in 6 s from one session) does not. Past them: 429 RATE_LIMITED.
 */
export const ORDERS_PER_PHONE_MAX = 10;
export const ORDERS_PER_ACCOUNT_MAX = 30;
export const ORDERS_WINDOW_MS = 10 * 60 * 1000;
/**
 * ours: the owner's security e-mail about an order (lock, lost mode, wipe) comes at most once in this
 * time per phone and kind of order; the activity log keeps every order
 */
export const ORDER_NOTICE_EVERY_MS = 5 * 60 * 1000;
/** ours: positions of one alert are taken at most one every 2 s (the phone sends one every 5 s) */
export const ALERT_POSITION_MIN_INTERVAL_MS = 2_000;
/** ours: how often the phone sends its position while an alert is open */
export const ALERT_POSITION_EVERY_S = 5;
/** ours: how many of the newest positions the open alert page gets */
export const ALERT_PUBLIC_MAX_POSITIONS = 200;
/** ours: how often the open alert page asks again while the alert is open */
export const ALERT_PAGE_POLL_MS = 4_000;

// The referral sales programme (decision 020; sales.ts, sales-money.ts)
/** spec 9: the per-user detail of 'Detalle de referidos' uses a fixed 20 percent */
export const SALES_DETAIL_COMMISSION_PERCENT = 20;
/** spec 3: sales status values: 1 active, 2 suspended (docs/api.md); no row means never activated */
export const SALES_STATUS_ACTIVE = 1;
export const SALES_STATUS_SUSPENDED = 2;
/** spec 4: the reason the panel sends when the person activates their sales profile */
export const SALES_ACTIVATION_REASON = 'Petición del usuario';

// The built panel (decision 017; apps/server/src/features/web/web-app.ts, apps/web/src/lib/prefetch-next.ts)
/** ours: the name of the meta element by which index.html names what its page will likely need next */
export const PREFETCH_META_NAME = 'escudo-prefetch';
/**
 * ours (decision 042): how a phone reports its network in `status`; the panel says 'Wi-Fi',
 * 'Datos móviles', 'Sin red'. `null` in the message: the phone cannot tell.
 */
export const deviceNetworks = ['wifi', 'cellular', 'none'] as const;
export type DeviceNetwork = (typeof deviceNetworks)[number];
/**
 * ours (decision 042): a phone sends `status` at most once a minute while only the battery level
 * changes; a change of charging or network goes at once. The server refuses a faster battery-only
 * change (RATE_LIMITED), so a phone stuck in a loop writes to the database once a minute at most.
 */
export const DEVICE_STATUS_MIN_INTERVAL_MS = 60 * 1000;
/** where a device's last known position comes from: a lost-mode report or a live tracking route */
export const devicePositionSources = ['lost_report', 'route_point'] as const;
