// Spanish texts of Home (spec 2, Home). Tile names are the spec's, word for word.
export const homeTexts = {
  pageTitle: 'Inicio',
  greeting: 'Hola, {name}',
  selectedDevice: 'Dispositivo seleccionado: {brand} {name} ({model})',
  noSelectedDevice: 'Selecciona un dispositivo en el menú lateral para usar las funciones de protección.',
  iosNote: 'Algunas funciones solo están disponibles para teléfonos Android.',
  // where the selected phone was last seen (decision 042), and the page whose map shows it
  lastPosition: 'Última ubicación conocida: {date}, {source}.',
  lastPositionSources: {
    lost_report: 'reporte de modo perdido',
    route_point: 'recorrido de tracking',
  },
  lastPositionLink: 'Ver última ubicación conocida',

  tiles: {
    securityNetwork: {
      title: 'Red de seguridad',
      description: 'Administra las personas de confianza de tu red de seguridad.',
    },
    plans: {
      title: 'Mis planes',
      description: 'Revisa tu plan actual y renueva o mejora tu cobertura.',
    },
    atenciones: {
      title: 'Histórico de atenciones',
      description: 'Consulta las atenciones que has recibido de nuestro equipo.',
    },
    tracking: {
      title: 'Tracking del dispositivo',
      description: 'Sigue en tiempo real la ubicación de tu teléfono y revisa sus rutas.',
    },
    lock: {
      title: 'Bloqueo de pantalla',
      description: 'Bloquea la pantalla de tu teléfono a distancia con un PIN.',
    },
    lost: {
      title: 'Pérdida del dispositivo',
      description: 'Declara tu teléfono perdido para recibir su ubicación y fotos.',
    },
    wipe: {
      title: 'Borrado del dispositivo',
      description: 'Elimina a distancia la información de tu teléfono.',
    },
    information: {
      title: 'Información recopilada',
      description: 'Revisa las ubicaciones e imágenes enviadas por tu teléfono.',
    },
  },

  notAllowedTitle: 'Función no disponible',
  notAllowedText: 'Estas funciones solo funcionan en teléfonos Android.',
  notAllowedNoDevice: 'Selecciona un teléfono Android en «Dispositivos registrados» del menú lateral.',
  understood: 'Entendido',
  selectDeviceTitle: 'Selecciona un dispositivo',
  selectDeviceText:
    'Para usar esta función, primero selecciona un dispositivo en «Dispositivos registrados» del menú lateral.',
  comingSoonText: 'Esta función estará disponible muy pronto.',
  close: 'Cerrar',

  privacy: 'Política de privacidad',
  terms: 'Términos y condiciones',
  copyright: '© {year} {brand}. Todos los derechos reservados.',
} as const;
