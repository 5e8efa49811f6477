// Spanish texts of the sales section (spec 2). The section itself arrives with a later issue.
export const salesTexts = {
  title: 'Panel de ventas',
} as const;
