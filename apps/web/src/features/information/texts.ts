// Spanish texts of 'Información Recopilada' (spec 2 Information, 9).
export const informationTexts = {
  title: 'Información Recopilada',
  reload: 'Recargar',
  deviceLabel: 'Teléfono: {device}',
  noDevice:
    'Selecciona un teléfono Android en «Dispositivos registrados» del menú lateral para ver la ubicación y las fotos que ha enviado.',
  iosDevice:
    'La información recopilada solo está disponible para teléfonos Android. Selecciona un teléfono Android en «Dispositivos registrados» del menú lateral.',
  androidIncognitoWarning:
    'Este teléfono tiene Android {version}. Desde Android 11 el sistema desactiva las fotos de incógnito: es posible que el teléfono no envíe fotos o que quien lo tenga note que se tomó una. La ubicación se sigue enviando.',
  empty: 'Aún no hay información recopilada para este dispositivo.',
  emptyDetail:
    'Con la función de pérdida activada, el teléfono envía su ubicación y una foto cada 1 hora. Puedes activarla desde «Pérdida del dispositivo» en el inicio.',
  loadFailed: 'No pudimos cargar la información de este teléfono.',
  mapLabel: 'Mapa con la ubicación de cada reporte',
  mapLoading: 'Cargando mapa',
  markOnMap: 'Marcar en mapa',
  reportAt: 'Reporte del {date}',
  photoAlt: 'Foto enviada por el teléfono el {date}',
  openPhoto: 'Ver en pantalla completa la foto del {date}',
  photoFailed: 'No pudimos cargar la foto. Usa «Recargar» para renovar el enlace.',
  close: 'Cerrar',
  reportCount: '{count} reportes',
  reportCountOne: '1 reporte',
  position: 'Ubicación: {lat}, {lng}',
} as const;
