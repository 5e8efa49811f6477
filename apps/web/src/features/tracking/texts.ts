// Spanish texts of the tracking section (spec 2). The section itself arrives with a later issue.
export const trackingTexts = {
  title: 'Tracking dispositivo',
} as const;
