/**
 * The referral sales programme (spec 2 Sales, 3, 4 Sales, 7, 9; docs/api.md; decision 020).
 * Every account has a referral code (`user.info.codigo_invitacion`); whoever signs up through
 * `/register?sharecode=CODE` is its referred account, and the referrer earns a commission on that
 * account's paid Flow orders, counted in the month (Chile's time) each was paid.
 */
import { z } from 'zod';
import { defineEndpoint } from './endpoint.ts';
import { routes } from './routes.ts';
import { emptyBodySchema, idSchema, personNameSchema, PG_INTEGER_MAX } from './common.ts';
import { PAGE_SIZE, PAGE_SIZE_MAX, SALES_STATUS_ACTIVE, SALES_STATUS_SUSPENDED } from './constants.ts';
import { rutSchema } from './user.ts';
import { flowStatusSchema } from './payments.ts';

/** spec 3: 1 active, 2 suspended */
export const salesStatusSchema = z
  .union([z.literal(SALES_STATUS_ACTIVE), z.literal(SALES_STATUS_SUSPENDED)], {
    error: 'El estado debe ser 1 (activo) o 2 (suspendido).',
  })
  .describe('1 active, 2 suspended');

export const referredSchema = z.object({
  user: z.object({ id: idSchema, name: z.string() }),
  created_at: z.string().describe('ISO date-time the referred account signed up'),
});
export type Referred = z.infer<typeof referredSchema>;

export const getSalesStatus = defineEndpoint({
  ...routes.getSalesStatus,
  summary:
    'My sales status (null until activated) and the accounts I referred, newest first, paged (15 a page by default)',
  body: z.strictObject({
    limit: z.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE),
    page: z.number().int().min(1).max(PG_INTEGER_MAX).default(1),
  }),
  response: z.object({
    status: salesStatusSchema.nullable().describe('null: the sales profile was never activated'),
    referred: z.array(referredSchema),
    total_referred: z.number().int(),
  }),
});

export const changeSalesStatus = defineEndpoint({
  ...routes.changeSalesStatus,
  summary:
    "Activate (1) or suspend (2) my sales profile; the panel's activation sends 'Petición del usuario'",
  body: z.strictObject({
    status: salesStatusSchema,
    suspend_reason: z
      .string()
      .trim()
      .max(200, 'El motivo no puede superar los 200 caracteres.')
      .nullish()
      .describe('why; kept with the status'),
  }),
  response: z.object({ status: salesStatusSchema }),
});

/** spec 3: Payment status data; only paid orders are listed */
export const referredPaymentSchema = z.object({
  status: flowStatusSchema.describe('always 2 (paid): only paid orders count'),
  flowOrder: z.number().int().nullable(),
  amount: z.number().int().describe('CLP'),
  forma: z.string().nullable().describe('payment method, e.g. "Webpay"'),
  fecha: z.string().describe("when it was paid, YYYY-MM-DD HH:mm:ss, Chile's time"),
  payment: z.object({ amount: z.number().int().describe('CLP (spec 3: status[i].payment.amount)') }),
});
export type ReferredPayment = z.infer<typeof referredPaymentSchema>;

export const salesMonthSchema = z
  .number({ error: 'El mes debe ser un número del 1 al 12.' })
  .int('El mes debe ser un número del 1 al 12.')
  .min(1, 'El mes debe ser un número del 1 al 12.')
  .max(12, 'El mes debe ser un número del 1 al 12.')
  .describe('1 January … 12 December: the latest such month not in the future (Chile time)');

export const getUserPaymentStatus = defineEndpoint({
  ...routes.getUserPaymentStatus,
  summary:
    "The paid orders of one of my referred accounts, with their total and my commission at the fixed 20 % of spec 9: those paid in `month` (Chile's time), the period chosen in Resumen, or all of them without it; any other account is 403",
  body: z.strictObject({
    user_id: idSchema.describe('a referred account of mine'),
    // spec 2 Sales: the detail is "for the period", the month chosen in Resumen
    month: salesMonthSchema
      .optional()
      .describe('only orders paid in this month (as in getSalesResumen); all without it'),
  }),
  response: z.object({
    status: z.array(referredPaymentSchema),
    total_amount: z.number().int().describe('CLP, the sum of status[].amount'),
    commission_percent: z.number().int(),
    commission: z.number().int().describe('CLP, rounded down'),
    period: z
      .object({ month: z.number().int().min(1).max(12), year: z.number().int() })
      .nullable()
      .describe('the month the figures cover; null: all time (no `month` asked)'),
  }),
});

export const getSalesResumen = defineEndpoint({
  ...routes.getSalesResumen,
  summary:
    "The summary of one month (Chile's time): the accounts I referred that month, their paid orders, the amount, the month before's amount, my commission, and new referred accounts in each of the twelve months ending with it",
  body: z.strictObject({ month: salesMonthSchema }),
  response: z.object({
    user_referred_id: z.array(idSchema).describe('accounts I referred that signed up in the month'),
    user_payments: z
      .array(
        z.object({
          id: idSchema,
          user_id: idSchema.nullable().describe('the referred account; null once it was deleted'),
          amount: z.number().int(),
          fecha: z.string().describe("YYYY-MM-DD HH:mm:ss, Chile's time"),
        }),
      )
      .describe("my referred accounts' orders paid in the month"),
    amount_payments: z.number().int().describe('CLP paid in the month'),
    amount_previous_payments: z.number().int().describe('CLP paid in the month before'),
    current_month: z.number().int().min(1).max(12).describe('the month summarised, 1–12'),
    year: z.number().int().describe('its year'),
    array_months: z.array(z.string()).describe('YYYY-MM of the twelve months ending with the one summarised'),
    referred_by_month: z.array(z.number().int()).describe('new referred accounts in each of array_months'),
    referred_comision: z.number().int().describe('the percent the commission was computed at'),
    commission: z.number().int().describe('CLP: amount_payments × referred_comision %, rounded down'),
  }),
});
export type SalesResumen = z.infer<typeof getSalesResumen.response>;

/** Chile's banks and their account kinds, for the payout account (decision 020). */
export const chileanBanks = [
  'Banco de Chile',
  'Banco Estado',
  'Banco Santander',
  'Banco BCI',
  'Scotiabank',
  'Banco Itaú',
  'Banco BICE',
  'Banco Security',
  'Banco Falabella',
  'Banco Ripley',
  'Banco Consorcio',
  'Banco Internacional',
  'Coopeuch',
  'Tenpo',
  'Mercado Pago',
] as const;
export const bankAccountTypes = ['corriente', 'vista', 'ahorro'] as const;
export type BankAccountType = (typeof bankAccountTypes)[number];

export const bankAccountSchema = z.strictObject({
  bank: z.enum(chileanBanks, { error: 'Selecciona un banco de la lista.' }).describe('the bank'),
  account_type: z
    .enum(bankAccountTypes, { error: 'El tipo de cuenta debe ser corriente, vista o ahorro.' })
    .describe('corriente, vista (CuentaRUT and the like) or ahorro'),
  account_number: z
    .string()
    .trim()
    // people copy it with dashes and spaces; only the digits identify the account
    .transform((value) => value.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{4,20}$/, 'El número de cuenta debe tener entre 4 y 20 dígitos.'))
    .describe('digits only (dashes and spaces are removed)'),
  holder: personNameSchema.describe("the account holder's name"),
  rut: rutSchema.describe("the holder's RUT, clean: digits and check digit (123456785)"),
});
export type BankAccount = z.output<typeof bankAccountSchema>;
export type BankAccountInput = z.input<typeof bankAccountSchema>;

export const getSalesData = defineEndpoint({
  ...routes.getSalesData,
  summary: 'The commission percent of the summary, and my payout bank account (null until saved)',
  body: emptyBodySchema,
  response: z.object({
    salesData: z.object({
      referred_comision: z.number().int().describe('percent of referred payments paid as commission'),
      button_comision: z.number().int().describe('spec 3: 0 (default); kept for the panel'),
      bank_account: z
        .object({
          bank: z.string(),
          account_type: z.enum(bankAccountTypes),
          account_number: z.string(),
          holder: z.string(),
          rut: z.string(),
        })
        .nullable(),
    }),
  }),
});

export const updateBankAccount = defineEndpoint({
  ...routes.updateBankAccount,
  summary: "Save my payout bank account (bank, account type, number, holder and the holder's RUT)",
  body: bankAccountSchema,
  response: z.object({ status: z.literal('ok') }),
});
