/**
 * `npm run admin -- two-factor disable --email E` (decision 035): for an owner who lost both the
 * phone with the app and the recovery codes, once support has checked who they are. The owner is told
 * by e-mail and the account's activity says so, as when they turn it off themselves.
 */
import { z } from 'zod';
import { emailSchema } from '@escudo/contract';
import { defineAdminCommand } from '../../lib/admin-command.ts';
import { disableTwoFactorForSupport } from './two-factor.service.ts';

export const twoFactorCommands = [
  defineAdminCommand({
    words: ['two-factor', 'disable'],
    summary:
      'Desactiva la verificación en dos pasos de una cuenta (quien perdió su teléfono y sus códigos de recuperación).',
    flags: z.object({ email: emailSchema }),
    async run(ctx, input) {
      await disableTwoFactorForSupport(ctx, input.email);
      return [`Verificación en dos pasos desactivada: ${input.email}`];
    },
  }),
];
