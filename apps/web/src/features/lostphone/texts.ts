// Spanish texts of the remote-protection dialogs: lock, lost phone and wipe (spec 2 Modals, 4, 5, 8).
// Texts quoted by the spec are kept word for word, including its "activado/desactivado".
export const lostphoneTexts = {
  close: 'Cerrar',
  cancel: 'Cancelar',
  loading: 'Cargando',
  retry: 'Reintentar',
  tryAgain: 'Intentar nuevamente',
  phoneOnline: 'Teléfono conectado',
  phoneOffline: 'Teléfono desconectado',
  deviceLabel: 'Teléfono: {device}',

  // the state of an order (command), as the phone reports it
  commandHeading: 'Estado de la orden',
  commandLiveLabel: 'Estado de la orden: {state}',
  commandSent: 'Enviado',
  commandDelivered: 'Recibido por el teléfono',
  commandDoneLock: 'Bloqueado',
  commandDoneWipe: 'Borrado iniciado',
  commandFailed: 'Falló: {reason}',
  commandFailedNoReason: 'El teléfono no indicó el motivo.',
  commandCancelled: 'Detenido',
  commandExpired: 'Expiró sin llegar al teléfono',

  // Lock (spec 4, 5)
  lockTitle: 'Bloqueo de pantalla',
  lockIntro:
    'Elige un PIN de 4 dígitos. El teléfono bloqueará su pantalla y solo podrá desbloquearse con ese PIN.',
  lockPinLabel: 'PIN de 4 dígitos',
  lockPinHelper: 'Solo números, exactamente 4 dígitos.',
  lockSubmit: 'Bloquear teléfono',
  lockSent: 'Enviamos la orden de bloqueo. Te mostramos aquí lo que responde el teléfono.',
  lockDone: 'El teléfono quedó bloqueado con el PIN que elegiste.',
  lockOffline:
    'El teléfono no está conectado en este momento. Recibirá la orden de bloqueo cuando se conecte, si lo hace antes de que la orden venza (lo verás junto al teléfono).',
  lockWaitingOffline:
    'El teléfono aún no se conecta. La orden le llegará cuando se conecte, si lo hace antes de que venza. La verás pendiente junto al teléfono, donde también puedes cancelarla.',
  lockExpired:
    'El teléfono no se conectó antes de que la orden venciera, así que el bloqueo no se ejecutará. Puedes enviarlo nuevamente.',
  lockFailed: 'El teléfono no pudo bloquearse.',

  // Lost phone (spec 4, 8)
  lostTitle: 'Pérdida del dispositivo',
  lostIntro:
    'Con la función de pérdida activada, el teléfono envía su ubicación y una foto cada 1 hora. Las verás en «Información Recopilada».',
  lostStateLabel: 'Función de pérdida:',
  lostStateOn: 'Activada',
  lostStateOff: 'Desactivada',
  lostActivate: 'Activar función de pérdida',
  lostDeactivate: 'Desactivar función de pérdida',
  lostLoadFailed: 'No pudimos consultar el estado de la función de pérdida.',
  lostSending: 'Enviando la orden al teléfono…',
  lostWaiting: 'Esperando respuesta del teléfono…',
  lostWaitingSeconds: '{seconds} s de {total} s',
  lostWaitingLabel: 'Tiempo de espera de la respuesta del teléfono',
  lostSaving: 'El teléfono respondió. Guardando el cambio…',
  lostAnswered: 'El teléfono ha respondido, se ha activado/desactivado la función.',
  lostGoingToInformation: 'Te llevaremos a «Información Recopilada» en un momento…',
  lostNoAnswer:
    'No tuvimos respuesta del teléfono, es posible que no se haya activado/desactivado. Puedes intentar nuevamente para confirmar.',
  lostPhoneFailed: 'El teléfono no pudo cumplir la orden: {reason}',
  lostOffline:
    'El teléfono no está conectado en este momento. Si lo intentas, esperaremos su respuesta hasta 40 segundos.',

  // Wipe (spec 4, 5, 8, 9)
  wipeTitle: 'Borrado del dispositivo',
  wipeWarning:
    'El borrado elimina toda la información del teléfono y no se puede deshacer. Tendrás unos segundos para detenerlo después de que el teléfono responda.',
  wipePasswordLabel: 'Contraseña',
  wipePasswordRequired: 'Debes ingresar tu contraseña en {product} para confirmar esta acción.',
  // two-step sign-in on (decision 035): the wipe asks a code besides the password
  wipeWrongPassword: 'Contraseña incorrecta',
  wipeConfirm: 'Confirmar borrado',
  wipeOffline:
    'El teléfono no está conectado en este momento. Si confirmas, la orden quedará pendiente y se ejecutará cuando se conecte, si lo hace antes de que venza. Podrás cancelarla mientras esté pendiente.',
  wipeStepPassword: 'Confirmar contraseña',
  wipeStepWaiting: 'Esperar al teléfono',
  wipeStepFinished: 'Finalizado',
  wipeWaiting: 'Esperando respuesta del teléfono…',
  wipeWaitingSeconds: '{seconds} s',
  wipeAnswered: 'El teléfono recibió la orden de borrado. En unos segundos podrás detenerla.',
  wipeCountdown: 'El borrado comenzará en {seconds} s',
  wipeCountdownLabel: 'Tiempo para detener el borrado',
  wipeStarting: 'El borrado está por comenzar…',
  wipeStop: 'DETENER',
  wipeStopping: 'Deteniendo el borrado…',
  wipeNoAnswer:
    'El teléfono no respondió en 40 segundos. La orden de borrado queda pendiente: se ejecutará si el teléfono se conecta antes de que venza. Si cambias de opinión, puedes cancelarla.',
  wipeCancelPending: 'Cancelar el borrado pendiente',
  wipeKeepOpen:
    'Mantén esta ventana abierta: si el teléfono se conecta, podrás detener el borrado desde aquí.',
  wipeSuccess: 'El teléfono respondió y comenzó a borrar su información.',
  wipeStopped: 'Se ha detenido el proceso, no se eliminará tu información del dispositivo.',
  wipeFailed: 'El teléfono no pudo borrarse: {reason}',
  wipeExpired: 'El teléfono no se conectó antes de que la orden venciera: el borrado no se ejecutará.',
} as const;

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
