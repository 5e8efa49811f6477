/**
 * How many SOS alerts a phone may open (decision 039): each opening e-mails every member of the
 * network, so a burst of open/close cycles (a stuck button, a faulty or hostile app) must not flood
 * their inboxes. Counted in the database (lib/throttle), so it holds across server processes.
 */
import { ALERTS_PER_PHONE_MAX, ALERTS_PER_PHONE_WINDOW_MS } from '@escudo/contract';
import { minutesText, type Limit } from '../../lib/throttle/throttle.ts';

export const alertLimits = {
  /** subject: the phone's internal id (devices.id) */
  perPhone: {
    name: 'alert-phone',
    max: ALERTS_PER_PHONE_MAX,
    windowMs: ALERTS_PER_PHONE_WINDOW_MS,
    code: 'RATE_LIMITED',
    message: (minutes) =>
      `Este teléfono ya activó ${ALERTS_PER_PHONE_MAX} alertas en los últimos ${ALERTS_PER_PHONE_WINDOW_MS / 60_000} minutos y tu red de seguridad ya fue avisada. Podrás activar otra en ${minutesText(minutes)}. Si estás en peligro, llama al 133 (Carabineros).`,
  },
} satisfies Record<string, Limit>;
