// Spanish texts of the sales section (spec 2 Sales, 4 Sales, 9; decision 020).
export const salesTexts = {
  title: 'Panel de ventas',
  loadFailedTitle: 'No pudimos cargar tu panel de ventas',

  // spec 2: no sales status yet
  notActivatedTitle: 'La sección de ventas no está activada',
  notActivatedText:
    'Activa tu perfil de ventas para obtener tu enlace de referidos y ganar una comisión por los pagos de las personas que se registren con él.',
  suspendedText: 'Tu perfil de ventas está suspendido. Puedes activarlo nuevamente cuando quieras.',
  activate: 'Activar perfil de ventas',
  activated: 'Tu perfil de ventas está activado. ¡Comparte tu enlace!',
  activateFailed: 'No pudimos activar tu perfil de ventas. Por favor inténtalo nuevamente.',

  tabSummary: 'Resumen',
  tabReferred: 'Detalle de referidos',

  // Resumen: the code and the link
  codeLabel: 'Tu código de referido',
  linkLabel: 'Enlace directo de registro',
  copy: 'Copiar',
  copied: 'Url copiada al portapapeles. Compártela en tus redes o donde quieras.',
  copyFailed: 'No pudimos copiar el enlace. Selecciónalo y cópialo manualmente.',

  // Resumen: the period
  monthLabel: 'Mes',
  periodTitle: 'Resumen de {month} {year}',
  referredCount: 'Referidos nuevos',
  paymentsCount: 'Pagos de referidos',
  paymentsAmount: 'Monto de pagos',
  commission: 'Mi comisión ({percent} %)',
  commissionNote: 'La comisión se calcula sobre los pagos del mes y se paga al cierre del periodo.',
  summaryFailed: 'No pudimos cargar el resumen del mes.',
  retry: 'Reintentar',

  // Resumen: the charts and their text alternative
  referredChartTitle: 'Nuevos referidos por mes',
  referredChartSeries: 'Nuevos referidos',
  referredChartAlt: 'Nuevos referidos por mes, de {from} a {to}. {values}.',
  paymentsChartTitle: 'Pagos: mes anterior y este mes',
  paymentsChartAlt: 'Pagos de referidos: {previous} en {previousMonth} y {current} en {currentMonth}.',
  paymentsChartEmpty: 'Sin pagos de referidos en {previousMonth} ni en {currentMonth}.',
  chartsLoading: 'Cargando gráficos…',
  chartsFailed: 'No pudimos mostrar los gráficos; las cifras están en el resumen.',
  monthColumn: 'Mes',
  valueColumn: 'Cantidad',

  // Resumen: the payout account
  bankTitle: 'Cuenta bancaria para tus comisiones',
  bankText: 'Las comisiones se transfieren a esta cuenta al cierre de cada periodo.',
  bankLabel: 'Banco',
  accountTypeLabel: 'Tipo de cuenta',
  accountTypes: {
    corriente: 'Cuenta Corriente',
    vista: 'Cuenta Vista / CuentaRUT',
    ahorro: 'Cuenta de Ahorro',
  },
  accountNumberLabel: 'Número de cuenta',
  holderLabel: 'Titular de la cuenta',
  rutLabel: 'RUT del titular',
  required: 'Requerido',
  rutInvalid: 'El RUT no es válido.',
  accountNumberInvalid: 'El número de cuenta debe tener entre 4 y 20 dígitos.',
  saveBank: 'Guardar cuenta',
  bankSaved: 'Cuenta bancaria guardada.',
  bankSaveFailed: 'No pudimos guardar la cuenta bancaria.',

  // Detalle de referidos
  referredTitle: 'Tus referidos',
  referredEmpty: 'Aún no tienes referidos. Comparte tu enlace de registro para empezar.',
  nameColumn: 'Nombre',
  signedUpColumn: 'Registro',
  actionColumn: 'Pagos',
  select: 'Ver pagos',
  selected: 'Seleccionado',
  selectLabel: 'Ver pagos de {name}',
  /** {month}: the month chosen in Resumen */
  detailHint: 'Selecciona un referido para ver sus pagos de {month} y tu comisión.',
  detailTitle: 'Pagos de {name}',
  /** the period chosen in Resumen, e.g. 'Periodo: Noviembre 2026' */
  detailPeriod: 'Periodo: {month} {year}',
  detailPayments: 'Número de pagos',
  detailTotal: 'Monto total',
  detailCommission: 'Comisión ({percent} %)',
  detailFailed: 'No pudimos cargar los pagos de este referido.',
} as const;
