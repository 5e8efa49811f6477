/** `npm run admin -- operator create|list|disable` (decision 022): the only way operators are made. */
import { z } from 'zod';
import { emailSchema, newPasswordSchema, personNameSchema } from '@escudo/contract';
import { defineAdminCommand } from '../../lib/admin-command.ts';
import { createOperator, disableOperator, listOperators } from './operators.service.ts';

export const operatorCommands = [
  defineAdminCommand({
    words: ['operator', 'create'],
    summary:
      'Crea un operador, que ingresa con /api/auth/login y atiende clientes en /operador. Con --supervisor, también puede asignar los eventos de la central a otros operadores.',
    flags: z.object({
      email: emailSchema,
      name: personNameSchema,
      password: newPasswordSchema,
      supervisor: z.literal('true').optional(),
    }),
    switches: ['supervisor'],
    async run(ctx, input) {
      const isSupervisor = input.supervisor === 'true';
      const operator = await createOperator(ctx, { ...input, isSupervisor });
      return [`${isSupervisor ? 'Supervisor' : 'Operador'} creado: ${input.email} (id ${operator.id})`];
    },
  }),
  defineAdminCommand({
    words: ['operator', 'list'],
    summary: 'Lista los operadores y si están activos.',
    flags: z.object({}),
    async run(ctx) {
      const operators = await listOperators(ctx);
      if (operators.length === 0) return ['No hay operadores.'];
      return operators.map(
        (o) =>
          `${o.id}\t${o.email}\t${o.name}\t${o.isSupervisor ? 'supervisor' : 'operador'}\t${o.disabledAt ? `deshabilitado ${o.disabledAt.toISOString()}` : 'activo'}`,
      );
    },
  }),
  defineAdminCommand({
    words: ['operator', 'disable'],
    summary: 'Deshabilita un operador: no puede volver a ingresar y sus sesiones terminan.',
    flags: z.object({ email: emailSchema }),
    async run(ctx, input) {
      await disableOperator(ctx, input.email);
      return [`Operador deshabilitado: ${input.email}`];
    },
  }),
];
