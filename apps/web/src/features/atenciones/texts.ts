// Spanish texts of the atenciones section (spec 2). The section itself arrives with a later issue.
export const atencionesTexts = {
  title: 'Histórico de atenciones',
} as const;
