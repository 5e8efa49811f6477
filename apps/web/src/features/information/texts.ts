// Spanish texts of the information section (spec 2). The section itself arrives with a later issue.
export const informationTexts = {
  title: 'Información Recopilada',
} as const;
