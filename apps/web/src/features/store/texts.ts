// Spanish texts of the store redirect page (spec 2, Store redirect).
export const storeTexts = {
  title: 'Descarga la aplicación',
  redirecting: 'Redirigiendo',
  chooseStore: 'Descarga la aplicación {brand} en tu teléfono desde su tienda de aplicaciones:',
  configError: 'No pudimos cargar los enlaces de descarga.',
} as const;
