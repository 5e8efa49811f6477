// Spanish texts of the shared UI components.
export const componentsTexts = {
  loading: 'Cargando',
  retry: 'Reintentar',
  showPassword: 'Mostrar contraseña',
  hidePassword: 'Ocultar contraseña',
  logoLabel: '{brand}, ir al inicio',
  googlePlayBadge: 'Disponible en Google Play',
  googlePlayBadgeTop: 'Disponible en',
  googlePlayBadgeBottom: 'Google Play',
  appStoreBadge: 'Descárgalo en el App Store',
  appStoreBadgeTop: 'Descárgalo en el',
  appStoreBadgeBottom: 'App Store',
  // date fields (date-field.tsx): DD-MM-AAAA whatever the browser's language
  datePlaceholder: 'DD-MM-AAAA',
  dateFormat: 'Ingresa la fecha como DD-MM-AAAA.',
  dateNotReal: 'Esa fecha no existe. Revisa el día y el mes.',
  realtimeReconnecting: 'Sin conexión con el servidor en tiempo real, reintentando…',
  displayedRows: '{from}–{to} de {count}',
  pageButtons: {
    first: 'Ir a la primera página',
    previous: 'Ir a la página anterior',
    next: 'Ir a la página siguiente',
    last: 'Ir a la última página',
  },
  // the code asked beside a re-entered password when two-step sign-in is on (second-step-code-field.tsx)
  secondStepCodeLabel: 'Código de verificación',
  secondStepCodeHelp:
    'El código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.',
  secondStepCodeRequired: 'Ingresa el código de tu app de autenticación o un código de recuperación.',
} as const;
