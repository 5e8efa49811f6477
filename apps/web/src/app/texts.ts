// Spanish texts of the app shell: header, sidebar, drawer, error pages (spec 2, Layout).
export const appTexts = {
  salesPanel: 'Mi panel de ventas',
  signOut: 'Cerrar Sesión',
  back: 'Volver',
  openMenu: 'Abrir menú',
  editProfile: 'Editar Perfil',
  securityAndPrivacy: 'Seguridad y privacidad',
  sidebarLabel: 'Menú lateral',
  planName: 'Plan {plan}',
  planExpires: 'Vigente hasta el {date}',
  planExpired: 'Venció el {date}',
  goHome: '{brand}, ir al inicio',
  userLoadFailedTitle: 'No pudimos cargar los datos de tu cuenta.',
  pageLoadFailedTitle: 'No pudimos cargar esta página.',
  pageLoadFailedText: 'Revisa tu conexión e inténtalo nuevamente.',
} as const;
