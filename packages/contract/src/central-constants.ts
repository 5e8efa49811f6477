/**
 * The central's kinds, priorities, outcomes and levels (decision 062), without zod: the operator's
 * panel reads them at run time (browser.ts), the schemas in central.ts are built from them.
 */

export const centralEventKinds = ['sos', 'tamper', 'lost_mode', 'dark'] as const;
export type CentralEventKind = (typeof centralEventKinds)[number];

/** higher first: a person in danger, then a phone in a thief's hands, then a phone that went quiet */
export const CENTRAL_EVENT_PRIORITY: Record<CentralEventKind, number> = {
  sos: 4,
  tamper: 3,
  lost_mode: 2,
  dark: 1,
};

/** each kind's Spanish name, as the central's screen, the customer's activity and the report read it */
export const CENTRAL_KIND_LABELS: Record<CentralEventKind, string> = {
  sos: 'Alerta SOS',
  tamper: 'Teléfono manipulado',
  lost_mode: 'Teléfono perdido',
  dark: 'Teléfono sin señal',
};

export const centralEventStatuses = ['open', 'claimed', 'closed'] as const;
export type CentralEventStatus = (typeof centralEventStatuses)[number];

/**
 * What an event turned out to be, chosen by the operator who closes it; the Spanish names are what
 * the central's screen, the customer and the report read.
 */
export const CENTRAL_OUTCOME_LABELS = {
  falsa_alarma: 'Falsa alarma',
  cliente_a_salvo: 'Cliente a salvo',
  derivado_carabineros: 'Derivado a Carabineros',
  derivado_samu: 'Derivado al SAMU',
  derivado_bomberos: 'Derivado a Bomberos',
  telefono_recuperado: 'Teléfono recuperado',
  sin_respuesta: 'Sin respuesta del cliente',
} as const;
export type CentralOutcome = keyof typeof CENTRAL_OUTCOME_LABELS;
export const centralOutcomes = Object.keys(CENTRAL_OUTCOME_LABELS) as [CentralOutcome, ...CentralOutcome[]];

/**
 * How grave the event was, as the alarm-verification scale TMA AVS-01 scores it, with its Spanish
 * name for the screen and the report.
 */
export const CENTRAL_LEVEL_LABELS = [
  'Sin contacto',
  'Poca información',
  'Probable persona presente',
  'Amenaza a la propiedad',
  'Amenaza a la vida',
] as const;
export const CENTRAL_LEVEL_MAX = CENTRAL_LEVEL_LABELS.length - 1;

/** the longest closing note an operator writes */
export const CENTRAL_CLOSE_NOTE_MAX = 2000;
