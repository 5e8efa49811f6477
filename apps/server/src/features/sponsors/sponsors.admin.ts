/** `npm run admin -- sponsor create|list|disable` (decision 021): the only way sponsors are made. */
import { z } from 'zod';
import { idSchema, personNameSchema, sponsorUniqueIdSchema } from '@escudo/contract';
import { defineAdminCommand } from '../../lib/admin-command.ts';
import { createSponsor, disableSponsor, listSponsors } from './sponsors.service.ts';

const monthsText = (months: number) => (months === 1 ? '1 mes' : `${months} meses`);

export const sponsorCommands = [
  defineAdminCommand({
    words: ['sponsor', 'create'],
    summary:
      'Crea un patrocinador: quien se registre con su enlace recibe el plan por los meses dados, sin pago. La última línea es su unique_id.',
    flags: z.object({
      name: personNameSchema,
      plan: z.coerce.number().pipe(idSchema),
      months: z.coerce.number().int().min(1).max(120),
    }),
    async run(ctx, input) {
      const sponsor = await createSponsor(ctx, {
        name: input.name,
        planId: input.plan,
        months: input.months,
      });
      return [
        `Patrocinador creado: ${sponsor.name}, plan ${sponsor.planName} por ${monthsText(sponsor.months)}.`,
        `Enlace de registro: ${ctx.env.PUBLIC_URL}/register?sponsor_code=${sponsor.uniqueId}`,
        // alone on the last line, so that scripts can take it with `tail -n 1`
        sponsor.uniqueId,
      ];
    },
  }),
  defineAdminCommand({
    words: ['sponsor', 'list'],
    summary: 'Lista los patrocinadores: unique_id, nombre, plan, meses y si están activos.',
    flags: z.object({}),
    async run(ctx) {
      const sponsors = await listSponsors(ctx);
      if (sponsors.length === 0) return ['No hay patrocinadores.'];
      return sponsors.map(
        (s) =>
          `${s.uniqueId}\t${s.name}\t${s.plan}\t${monthsText(s.months)}\t${s.disabled ? 'deshabilitado' : 'activo'}`,
      );
    },
  }),
  defineAdminCommand({
    words: ['sponsor', 'disable'],
    summary: 'Deshabilita un patrocinador: su enlace deja de servir; los planes ya asignados siguen.',
    flags: z.object({ uniqueId: sponsorUniqueIdSchema }),
    async run(ctx, input) {
      await disableSponsor(ctx, input.uniqueId);
      return [`Patrocinador deshabilitado: ${input.uniqueId}`];
    },
  }),
];
