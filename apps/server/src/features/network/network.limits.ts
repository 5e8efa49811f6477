/**
 * How many invitations may be sent (decisions 010 and 015): each one e-mails a stranger, so an
 * account, an address, and the e-mail receiving them are each limited per hour.
 */
import {
  INVITATIONS_PER_HOUR_PER_ACCOUNT,
  INVITATIONS_PER_HOUR_PER_ADDRESS,
  INVITATIONS_PER_HOUR_PER_EMAIL,
} from '@escudo/contract';
import { minutesText, type Limit } from '../../lib/throttle/throttle.ts';

const HOUR_MS = 60 * 60 * 1000;
const wait = (minutes: number) => `Podrás enviar otra en ${minutesText(minutes)}.`;

export const networkLimits = {
  /** subject: the sending account's id */
  invitationsAccount: {
    name: 'invite-account',
    max: INVITATIONS_PER_HOUR_PER_ACCOUNT,
    windowMs: HOUR_MS,
    code: 'TOO_MANY_REQUESTS',
    message: (minutes) => `Enviaste demasiadas invitaciones en la última hora. ${wait(minutes)}`,
  },
  /** subject: the source address, whatever the account */
  invitationsAddress: {
    name: 'invite-address',
    max: INVITATIONS_PER_HOUR_PER_ADDRESS,
    windowMs: HOUR_MS,
    code: 'TOO_MANY_REQUESTS',
    message: (minutes) => `Demasiadas invitaciones desde tu conexión. ${wait(minutes)}`,
  },
  /** subject: the invited e-mail (lower case), whoever invites it */
  invitationsEmail: {
    name: 'invite-email',
    max: INVITATIONS_PER_HOUR_PER_EMAIL,
    windowMs: HOUR_MS,
    code: 'TOO_MANY_REQUESTS',
    message: (minutes) => `Este email ya recibió varias invitaciones en la última hora. ${wait(minutes)}`,
  },
} satisfies Record<string, Limit>;
