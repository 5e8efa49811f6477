// Spanish texts of the orders waiting for a phone that is off (decision 043): the sidebar's line under
// each device and the same line in the lock, lost-mode and wipe dialogs.
export const pendingOrdersTexts = {
  groupLabel: 'Órdenes para {device}',
  pending: 'Pendiente: se aplicará cuando el teléfono se conecte',
  orderedAt: 'Ordenada el {date}',
  expiresAt: 'Vence el {date} si el teléfono no se conecta.',
  kinds: {
    lock: 'Bloqueo de pantalla',
    lostOn: 'Activar función de pérdida',
    lostOff: 'Desactivar función de pérdida',
    wipe: 'Borrado del dispositivo',
  },
  cancel: 'Cancelar orden',
  confirmQuestion: '¿Cancelar esta orden? El teléfono no la recibirá.',
  confirmYes: 'Sí, cancelar la orden',
  confirmNo: 'No, mantenerla',
  cancelling: 'Cancelando la orden…',
  delivered: 'El teléfono se conectó y recibió la orden. Esperando que la cumpla…',
  wipeDelivered: 'El teléfono se conectó y recibió el borrado: tienes unos segundos para detenerlo.',
  stopWipe: 'Detener borrado',
  done: {
    lock: 'Aplicada: el teléfono quedó bloqueado.',
    lostOn: 'Aplicada: la función de pérdida quedó activada.',
    lostOff: 'Aplicada: la función de pérdida quedó desactivada.',
    wipe: 'El teléfono comenzó a borrar su información.',
  },
  failed: 'El teléfono no pudo cumplir la orden: {reason}',
  failedNoReason: 'El teléfono no indicó el motivo.',
  cancelled: 'Orden cancelada: el teléfono no la recibirá.',
  wipeStopped: 'Se detuvo el borrado: no se eliminó nada.',
  expired: 'La orden venció sin llegar al teléfono.',
  dismiss: 'Entendido',
} as const;
