// Spanish texts of the planes section (spec 2). The section itself arrives with a later issue.
export const planesTexts = {
  title: 'Mis planes',
} as const;
