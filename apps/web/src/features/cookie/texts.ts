// Spanish texts of the cookie test page (spec 2, Cookie page).
export const cookieTexts = {
  title: 'Prueba de cookies',
  intro: 'Esta página guarda una cookie de prueba para comprobar que tu navegador acepta cookies.',
  cookiesLabel: 'Cookies de este sitio:',
  noCookies: 'El navegador no guardó ninguna cookie.',
} as const;
