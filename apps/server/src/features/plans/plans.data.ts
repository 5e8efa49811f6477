/**
 * The plan catalogue seeded at first start. Prices are monthly, in whole Chilean pesos. A new account
 * starts on the first plan for a free trial of STARTER_TRIAL_DAYS.
 */
export const PLAN_INCLUDES = [
  { id: 1, name: 'Bloqueo remoto de pantalla' },
  { id: 2, name: 'Modo pérdida con ubicación y fotos' },
  { id: 3, name: 'Borrado remoto de datos' },
  { id: 4, name: 'Red de seguridad' },
  { id: 5, name: 'Tracking en tiempo real' },
  { id: 6, name: 'Central de atención 24/7' },
  { id: 7, name: 'Atención prioritaria y respaldo de evidencias' },
];

export const PLANS = [
  {
    id: 1,
    name: 'Esencial',
    description:
      'Protección remota para tu teléfono: bloquéalo, encuéntralo o borra tus datos si te lo roban.',
    image: '/images/plans/esencial.svg',
    maxRed: 3,
    maxDevices: 1,
    price: 2_990,
    includes: [1, 2, 3, 4],
  },
  {
    id: 2,
    name: 'Protección',
    description: 'Todo lo del plan Esencial, más tracking en tiempo real y la central de atención 24/7.',
    image: '/images/plans/proteccion.svg',
    maxRed: 5,
    maxDevices: 2,
    price: 4_990,
    includes: [1, 2, 3, 4, 5, 6],
  },
  {
    id: 3,
    name: 'Familia',
    description:
      'Protege a toda tu familia: hasta 5 dispositivos, una red de seguridad amplia y atención prioritaria.',
    image: '/images/plans/familia.svg',
    maxRed: 10,
    maxDevices: 5,
    price: 9_990,
    includes: [1, 2, 3, 4, 5, 6, 7],
  },
];

/** the include that turning tracking on needs (decision 012: not in Esencial) */
export const TRACKING_INCLUDE_ID = 5;

export const STARTER_PLAN_ID = 1;
export const STARTER_TRIAL_DAYS = 30;
