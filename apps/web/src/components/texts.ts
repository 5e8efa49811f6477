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
  // the code asked beside a re-entered password when two-step sign-in is on (password-again.tsx)
  secondStepCodeLabel: 'Código de verificación',
  secondStepCodeHelp:
    'El código de 6 dígitos de tu app de autenticación, o uno de tus códigos de recuperación.',
  secondStepCodeRequired: 'Ingresa el código de tu app de autenticación o un código de recuperación.',
  // a new password and its confirmation (new-password-form.tsx; spec 5 and 8 for the reset)
  newPasswordLabel: 'Nueva contraseña',
  confirmPasswordLabel: 'Confirmar contraseña',
  passwordRequired: 'Contraseña es requerida',
  passwordsDoNotMatch: 'Las contraseñas no coinciden, por favor verifica los datos ingresados.',
  passwordHint: 'Mínimo 8 caracteres',
} as const;
