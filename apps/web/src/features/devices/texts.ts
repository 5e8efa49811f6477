// Spanish texts of the device list (spec 2, sidebar).
export const devicesTexts = {
  heading: 'Dispositivos registrados',
  empty: 'No hay dispositivos registrados en tu cuenta.',
  android: 'Android',
  ios: 'iOS',

  // a phone's last state (issue 30 item 3), below its model
  online: 'En línea',
  lastSeen: 'Última conexión {when}',
  lastSeenOn: 'Última conexión el {date}',
  neverSeen: 'Sin conexión registrada',
  justNow: 'hace un momento',
  minutesAgo: 'hace {count} min',
  hoursAgo: 'hace {count} h',
  oneDayAgo: 'hace 1 día',
  daysAgo: 'hace {count} días',
  battery: 'Batería {percent} %',
  charging: 'cargando',
  chargingNoLevel: 'Cargando',
  networks: { wifi: 'Wi-Fi', cellular: 'Datos móviles', none: 'Sin red' },
} as const;
