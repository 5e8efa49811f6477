/**
 * The central's report over a period (`npm run admin -- central report`, central.admin.ts): per kind,
 * how many events arrived, how many were taken within 30, 60 and 180 s (the marks a central is judged
 * by, as on /metrics), the median wait to be taken, and what the closed ones turned out to be. Read
 * from the database, so it is the whole deployment's, whichever process took or closed each event.
 */
import { and, count, eq, gte, lt, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CENTRAL_OUTCOME_LABELS,
  CHILE_TIME_ZONE,
  centralEventKinds,
  centralOutcomes,
  type CentralEventKind,
  type CentralOutcome,
  CENTRAL_KIND_LABELS,
} from '@escudo/contract';
import type { AppContext } from '../../lib/context.ts';
import { centralEvents } from './central.schema.ts';

/** the seconds a claim is measured against (bounds of escudo_central_claim_seconds' buckets too) */
const CLAIM_MARKS_S = [30, 60, 180] as const;
type ClaimMark = (typeof CLAIM_MARKS_S)[number];

const BAD_DAY = 'Debe ser una fecha real escrita AAAA-MM-DD, por ejemplo 2025-03-01.';
// each refusal stops the checks after it (abort), so that a bad day is told once, and not compared
const daySchema = z.iso
  .date({ message: BAD_DAY, abort: true })
  // PostgreSQL has no year 0, and the central has no event from before this century
  .refine((day) => day >= '2000-01-01', {
    message: 'La fecha debe ser del año 2000 en adelante.',
    abort: true,
  });

/** days of Chile's calendar, both included */
export const reportPeriodSchema = z
  .object({ from: daySchema, to: daySchema })
  .refine((period) => period.from <= period.to, {
    path: ['to'],
    message: 'El período termina antes de empezar: --to debe ser el mismo día de --from o uno posterior.',
  });
export type ReportPeriod = z.output<typeof reportPeriodSchema>;

export interface KindFigures {
  kind: CentralEventKind;
  created: number;
  /** how many were taken within each of CLAIM_MARKS_S seconds */
  claimedWithin: Record<ClaimMark, number>;
  claimed: number;
  /** the median seconds from creation to claim of those taken; null when none was */
  medianClaimSeconds: number | null;
  /** the closed ones by outcome, in the order of CENTRAL_OUTCOME_LABELS; outcomes with none left out */
  outcomes: { outcome: CentralOutcome; count: number }[];
  /** not closed yet: nobody has taken them */
  waiting: number;
  /** not closed yet: an operator holds them */
  attending: number;
}

export interface CentralReport extends ReportPeriod {
  kinds: KindFigures[];
}

/**
 * The figures of the events created in the period, every kind in the contract's order (a kind with
 * none has zeros). Taken means taken now: an event given back and taken again counts from its last
 * claim, and one given back and not taken again counts as not taken.
 */
export async function readCentralReport(ctx: AppContext, period: ReportPeriod): Promise<CentralReport> {
  // midnight in Chile, whatever the offset that day (it changes twice a year)
  const chileMidnight = (day: string, plusDays: number) =>
    sql`((${day}::date + ${plusDays}::int)::timestamp at time zone ${CHILE_TIME_ZONE}::text)`;
  const inPeriod = and(
    gte(centralEvents.createdAt, chileMidnight(period.from, 0)),
    lt(centralEvents.createdAt, chileMidnight(period.to, 1)),
  );
  const waited = sql`extract(epoch from ${centralEvents.claimedAt} - ${centralEvents.createdAt})`;
  const within = (seconds: number) =>
    sql<number>`count(*) filter (where ${waited} <= ${seconds}::int)`.mapWith(Number);
  const [rows, outcomes] = await Promise.all([
    ctx.db
      .select({
        kind: centralEvents.kind,
        created: count(),
        within30: within(30),
        within60: within(60),
        within180: within(180),
        claimed: count(centralEvents.claimedAt),
        // percentile_cont skips the events not taken, whose wait is null
        median: sql<number | null>`percentile_cont(0.5) within group (order by ${waited})`,
        waiting: sql<number>`count(*) filter (where ${centralEvents.status} = 'open')`.mapWith(Number),
        attending: sql<number>`count(*) filter (where ${centralEvents.status} = 'claimed')`.mapWith(Number),
      })
      .from(centralEvents)
      .where(inPeriod)
      .groupBy(centralEvents.kind),
    ctx.db
      .select({ kind: centralEvents.kind, outcome: centralEvents.outcome, count: count() })
      .from(centralEvents)
      .where(and(inPeriod, eq(centralEvents.status, 'closed')))
      .groupBy(centralEvents.kind, centralEvents.outcome),
  ]);
  const kinds = centralEventKinds.map((kind): KindFigures => {
    const row = rows.find((r) => r.kind === kind);
    const closed = outcomes.filter((o) => o.kind === kind);
    return {
      kind,
      created: row?.created ?? 0,
      claimedWithin: { 30: row?.within30 ?? 0, 60: row?.within60 ?? 0, 180: row?.within180 ?? 0 },
      claimed: row?.claimed ?? 0,
      medianClaimSeconds: row?.median == null ? null : Number(row.median),
      outcomes: centralOutcomes.flatMap((outcome) => {
        const found = closed.find((o) => o.outcome === outcome);
        return found ? [{ outcome, count: found.count }] : [];
      }),
      waiting: row?.waiting ?? 0,
      attending: row?.attending ?? 0,
    };
  });
  return { ...period, kinds };
}

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
const chileDay = (day: string) => day.split('-').reverse().join('-');
// rounded down, so that 249 of 250 does not read as 100 %
const share = (part: number, whole: number) => `${part} de ${whole} (${Math.floor((100 * part) / whole)} %)`;

/** "45 s", "3 min 5 s", "2 h 10 min": a wait as the central speaks of it, to the second */
export function formatWait(seconds: number): string {
  const total = Math.round(seconds);
  if (total < 60) return `${total} s`;
  if (total < 3600) return `${Math.floor(total / 60)} min${total % 60 ? ` ${total % 60} s` : ''}`;
  const minutes = Math.floor((total % 3600) / 60);
  return `${Math.floor(total / 3600)} h${minutes ? ` ${minutes} min` : ''}`;
}

function kindLines(figures: KindFigures): string[] {
  const name = CENTRAL_KIND_LABELS[figures.kind];
  if (figures.created === 0) return [`${name}: 0 eventos`];
  const closed = figures.outcomes.reduce((sum, o) => sum + o.count, 0);
  const open = figures.waiting + figures.attending;
  return [
    `${name}: ${plural(figures.created, 'evento', 'eventos')}`,
    ...CLAIM_MARKS_S.map(
      (mark) => `  Tomados en ${mark} s o menos: ${share(figures.claimedWithin[mark], figures.created)}`,
    ),
    figures.medianClaimSeconds === null
      ? '  Mediana hasta tomarse: ninguno fue tomado'
      : `  Mediana hasta tomarse: ${formatWait(figures.medianClaimSeconds)} (de ${plural(figures.claimed, 'tomado', 'tomados')})`,
    `  Cerrados: ${closed}`,
    ...figures.outcomes.map((o) => `    ${CENTRAL_OUTCOME_LABELS[o.outcome]}: ${o.count}`),
    open === 0
      ? '  Aún sin cerrar: 0'
      : `  Aún sin cerrar: ${open} (${figures.waiting} sin tomar, ${figures.attending} en atención)`,
  ];
}

/** The report as the command prints it: a heading, then each kind, a line per figure. */
export function formatCentralReport(report: CentralReport): string[] {
  return [
    `Central: eventos recibidos del ${chileDay(report.from)} al ${chileDay(report.to)} (días en hora de Chile)`,
    ...report.kinds.flatMap((figures) => ['', ...kindLines(figures)]),
  ];
}
