// Spanish texts of the shared library code (HTTP client, session, formatting).
export const libTexts = {
  requestTimeout: 'La solicitud tardó demasiado. Revisa tu conexión e inténtalo nuevamente.',
  networkError: 'No pudimos conectarnos con el servidor. Revisa tu conexión e inténtalo nuevamente.',
  unexpectedError: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
} as const;
