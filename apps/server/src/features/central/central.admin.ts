/**
 * `npm run admin -- central …`: the central's figures over a period (`report --from AAAA-MM-DD --to
 * AAAA-MM-DD`), and its record checked (`verify`, decision 063).
 */
import { z } from 'zod';
import { defineAdminCommand } from '../../lib/admin-command.ts';
import { AppError } from '../../lib/app-error.ts';
import { verifyCentralRecord } from './central.record.ts';
import { formatCentralReport, readCentralReport, reportPeriodSchema } from './central.report.ts';

export const centralCommands = [
  defineAdminCommand({
    words: ['central', 'report'],
    summary:
      'Resume los eventos de la central recibidos entre dos días (hora de Chile, ambos incluidos): por tipo, cuántos, cuántos se tomaron en 30, 60 y 180 s, la mediana hasta tomarse, cómo se cerraron y cuántos siguen abiertos.',
    flags: reportPeriodSchema,
    async run(ctx, period) {
      return formatCentralReport(await readCentralReport(ctx, period));
    },
  }),
  defineAdminCommand({
    words: ['central', 'verify'],
    summary:
      'Revisa la cadena del registro de la central: cada paso debe llevar el SHA-256 del anterior. Nombra la primera entrada rota.',
    flags: z.object({}),
    async run(ctx) {
      const check = await verifyCentralRecord(ctx.db);
      if (check.isIntact) return [`Registro de la central íntegro: ${check.entries} entradas.`];
      // a broken chain is a failure of the command: its exit code says so to a script
      throw new AppError(
        'INTERNAL',
        `Registro de la central roto en la entrada ${check.brokenAt}: ${check.reason}. Entradas revisadas: ${check.entries}.`,
      );
    },
  }),
];
