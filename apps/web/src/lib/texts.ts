// Spanish texts of the shared library code (HTTP client, session, formatting).
export const libTexts = {
  requestTimeout: 'La solicitud tardó demasiado. Revisa tu conexión e inténtalo nuevamente.',
  networkError: 'No pudimos conectarnos con el servidor. Revisa tu conexión e inténtalo nuevamente.',
  unexpectedError: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
  realtimeUnavailable:
    'Sin conexión con el servidor en tiempo real. Revisa tu conexión e inténtalo nuevamente.',
  realtimeNoAnswer: 'El servidor en tiempo real no respondió a tiempo. Inténtalo nuevamente.',
} as const;
