// Spanish texts of the device list (spec 2, sidebar).
export const devicesTexts = {
  heading: 'Dispositivos registrados',
  empty: 'No hay dispositivos registrados en tu cuenta.',
  android: 'Android',
  ios: 'iOS',
} as const;
