/**
 * Every error the API can answer with. The server's error handler is the only place that turns an
 * error into a response: `{ code, message, fields? }` with the status below. Messages are in Spanish
 * because a person may read them.
 */
export const errorCodes = [
  /** body, query or params do not match the contract (unknown field, wrong type, too long) */
  'VALIDATION',
  /** the request body is not valid JSON */
  'MALFORMED_JSON',
  /** the body is larger than the server accepts */
  'PAYLOAD_TOO_LARGE',
  /** no bearer token, or one that is unknown, expired or revoked */
  'UNAUTHENTICATED',
  /** sign-in with a wrong e-mail or password */
  'INVALID_CREDENTIALS',
  /** sign-in, with the right password, to an account an administrator disabled (`operator disable`) */
  'ACCOUNT_DISABLED',
  /**
   * a signed-in user refused something that is not about an id; another user's device, route or order
   * is answered NOT_FOUND instead, as if it did not exist (issue 12: a 403 would tell that it exists)
   */
  'FORBIDDEN',
  /** the thing asked for does not exist, or is another user's (the same answer, so ids reveal nothing) */
  'NOT_FOUND',
  /** no route at this method and path */
  'ROUTE_NOT_FOUND',
  /** sign-up with an e-mail that already has an account (case-insensitive) */
  'EMAIL_TAKEN',
  /** registering a phone that is already registered on another account (the message names no account) */
  'DEVICE_TAKEN',
  /** registering one more phone than the account's plan allows (max_devices) */
  'DEVICE_LIMIT_REACHED',
  /** a wipe ordered without the password confirmed (validatePass) in the last 5 minutes */
  'PASSWORD_CONFIRMATION_REQUIRED',
  /** a lost-mode photo or an avatar that is not a JPEG (an avatar: one that does not decode as one), or is over 5 MB */
  'IMAGE_INVALID',
  /** a lost-mode report from a phone whose lost mode is off (devices.lost): nothing is stored */
  'LOST_MODE_OFF',
  /** lock, lost mode or wipe ordered for a phone that is not Android (spec 6: only Android supports them) */
  'DEVICE_NOT_SUPPORTED',
  /** turning on a function the account's plan does not include (tracking); turning it off is always allowed */
  'FEATURE_NOT_IN_PLAN',
  /** a signed file link that is forged or whose time ran out */
  'FILE_LINK_INVALID',
  /** route points for a tracking that has ended (the phone should stop tracking) */
  'TRACKING_ENDED',
  /**
   * too many realtime messages from one socket in a second, route points from one phone, or lost-mode
   * reports from one phone (LOST_REPORT_BURST, then one a minute; with Retry-After)
   */
  'RATE_LIMITED',
  /** Flow (or the built-in sandbox) could not be reached, refused the call, or payments are not set up */
  'PAYMENT_PROVIDER_ERROR',
  /** Flow reports a payment that does not match its order (amount or order number): refused and logged */
  'PAYMENT_MISMATCH',
  /**
   * too many wrong passwords: for one e-mail from one address (sign-in), from one address whatever
   * the e-mail, or within one session (validatePass); Retry-After says when to try again
   */
  'TOO_MANY_ATTEMPTS',
  /** too many sign-ups or reset requests from one address, or reset e-mails to one e-mail; Retry-After */
  'TOO_MANY_REQUESTS',
  /** a password-reset link that is unknown, used or expired */
  'RESET_TOKEN_INVALID',
  /** a Google sign-in's social_access_token that is unknown, already traded or past its 2 minutes */
  'SOCIAL_TOKEN_INVALID',
  /**
   * validatePass or changeEmail on an account made with Google that has never set a password
   */
  'PASSWORD_NOT_SET',
  /** changeEmail with a password that is not the account's (nothing changes; limited per session) */
  'PASSWORD_INCORRECT',
  /** an e-mail verification or e-mail change link that is unknown, used, replaced by a newer one or past its 48 h */
  'EMAIL_LINK_INVALID',
  /** a security-network invitation code that is unknown, already used or past its 14 days */
  'INVITATION_INVALID',
  /** accepting an invitation to one's own network */
  'INVITATION_OWN',
  /** inviting an e-mail already invited to, or already a member of, my network (or my own e-mail) */
  'ALREADY_IN_NETWORK',
  /** inviting past the plan's max_red (accepted members and pending invitations count) */
  'NETWORK_LIMIT_REACHED',
  /** a sign-up's share code (share_code / sharecode) that is no account's referral code */
  'REFERRAL_CODE_INVALID',
  /** an account's own referral code used to refer that same account */
  'REFERRAL_OWN',
  /** a sign-up's sponsor code that is unknown or of a disabled sponsor */
  'SPONSOR_INVALID',
  /** a position for an alert that has ended (the phone should stop sending) */
  'ALERT_ENDED',
  /** the open alert page 24 h after its alert ended */
  'ALERT_EXPIRED',
  /** a note, a video or a close for an atención that is already closed */
  'ATENCION_CLOSED',
  /** opening an atención for an e-mail that is not a customer's account */
  'CUSTOMER_NOT_FOUND',
  /** an evidence upload that is not a video (MP4, QuickTime or WebM by its first bytes) or has no file */
  'VIDEO_INVALID',
  /** an evidence upload past EVIDENCE_MAX_BYTES: refused as soon as the limit is passed, nothing stored */
  'VIDEO_TOO_LARGE',
  /** a shared evidence link that was revoked or whose time ran out */
  'EVIDENCE_LINK_EXPIRED',
  /** the server is saturated; try again shortly */
  'SERVER_BUSY',
  /** the mail server did not take an e-mail a request exists for (a reset link, an invitation) */
  'MAIL_UNAVAILABLE',
  /** the file store (an S3 bucket) did not answer; nothing of an upload is kept */
  'STORAGE_UNAVAILABLE',
  /** anything unexpected; logged with the request id, never detailed to the client */
  'INTERNAL',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export const errorStatus: Record<ErrorCode, number> = {
  VALIDATION: 400,
  MALFORMED_JSON: 400,
  PAYLOAD_TOO_LARGE: 413,
  UNAUTHENTICATED: 401,
  INVALID_CREDENTIALS: 401,
  ACCOUNT_DISABLED: 403,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  EMAIL_TAKEN: 409,
  DEVICE_TAKEN: 409,
  DEVICE_LIMIT_REACHED: 409,
  PASSWORD_CONFIRMATION_REQUIRED: 428,
  IMAGE_INVALID: 400,
  LOST_MODE_OFF: 409,
  DEVICE_NOT_SUPPORTED: 409,
  FEATURE_NOT_IN_PLAN: 409,
  FILE_LINK_INVALID: 403,
  TRACKING_ENDED: 409,
  RATE_LIMITED: 429,
  PAYMENT_PROVIDER_ERROR: 502,
  PAYMENT_MISMATCH: 409,
  TOO_MANY_ATTEMPTS: 429,
  TOO_MANY_REQUESTS: 429,
  RESET_TOKEN_INVALID: 400,
  SOCIAL_TOKEN_INVALID: 400,
  PASSWORD_NOT_SET: 409,
  PASSWORD_INCORRECT: 400,
  EMAIL_LINK_INVALID: 400,
  INVITATION_INVALID: 400,
  INVITATION_OWN: 409,
  ALREADY_IN_NETWORK: 409,
  NETWORK_LIMIT_REACHED: 409,
  REFERRAL_CODE_INVALID: 400,
  REFERRAL_OWN: 409,
  SPONSOR_INVALID: 400,
  ALERT_ENDED: 409,
  ALERT_EXPIRED: 410,
  ATENCION_CLOSED: 409,
  CUSTOMER_NOT_FOUND: 404,
  VIDEO_INVALID: 400,
  VIDEO_TOO_LARGE: 413,
  EVIDENCE_LINK_EXPIRED: 410,
  SERVER_BUSY: 503,
  MAIL_UNAVAILABLE: 503,
  STORAGE_UNAVAILABLE: 503,
  INTERNAL: 500,
};

export const errorMessages: Record<ErrorCode, string> = {
  VALIDATION: 'Los datos enviados no son válidos.',
  MALFORMED_JSON: 'El cuerpo de la solicitud no es un JSON válido.',
  PAYLOAD_TOO_LARGE: 'La solicitud es demasiado grande.',
  UNAUTHENTICATED: 'Tu sesión no es válida o ha expirado. Por favor ingresa nuevamente.',
  INVALID_CREDENTIALS: 'Email o contraseña incorrectos. Por favor verifica los datos ingresados.',
  FORBIDDEN: 'No tienes permiso para acceder a este recurso.',
  ACCOUNT_DISABLED:
    'Esta cuenta está deshabilitada. Si crees que es un error, contacta al administrador del servicio.',
  NOT_FOUND: 'No encontramos lo que buscas.',
  ROUTE_NOT_FOUND: 'La ruta solicitada no existe.',
  EMAIL_TAKEN: 'Ya existe una cuenta registrada con este email.',
  DEVICE_TAKEN:
    'No es posible registrar este teléfono en tu cuenta. Si lo usaste antes con otra cuenta tuya, quítalo primero desde esa cuenta o contacta a nuestra central de atención.',
  DEVICE_LIMIT_REACHED:
    'Alcanzaste el máximo de dispositivos de tu plan. Actualiza tu plan para registrar otro teléfono.',
  PASSWORD_CONFIRMATION_REQUIRED:
    'Por seguridad, confirma tu contraseña nuevamente antes de borrar el dispositivo.',
  IMAGE_INVALID: 'La imagen debe ser una foto JPEG de hasta 5 MB.',
  LOST_MODE_OFF: 'El modo pérdida no está activado en este teléfono: el reporte no se guardó.',
  DEVICE_NOT_SUPPORTED: 'Esta función solo está disponible para teléfonos Android.',
  FEATURE_NOT_IN_PLAN: 'Tu plan no incluye esta función. Actualiza tu plan en «Mis planes» para usarla.',
  FILE_LINK_INVALID: 'El enlace del archivo no es válido o ha expirado. Recarga la página.',
  TRACKING_ENDED: 'Ese recorrido ya terminó; el tracking está desactivado.',
  RATE_LIMITED: 'Demasiados mensajes seguidos. Espera un momento e inténtalo nuevamente.',
  PAYMENT_PROVIDER_ERROR:
    'No pudimos comunicarnos con el servicio de pagos. Por favor inténtalo nuevamente en unos minutos.',
  PAYMENT_MISMATCH: 'El pago no coincide con la orden. Lo revisaremos y te contactaremos.',
  TOO_MANY_ATTEMPTS:
    'Demasiados intentos fallidos de inicio de sesión. Por favor espera 15 minutos e inténtalo nuevamente.',
  TOO_MANY_REQUESTS: 'Demasiadas solicitudes seguidas. Por favor espera unos minutos e inténtalo nuevamente.',
  RESET_TOKEN_INVALID:
    'El enlace para reestablecer la contraseña no es válido, ya fue utilizado o ha expirado. Solicita uno nuevo.',
  SOCIAL_TOKEN_INVALID:
    'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
  PASSWORD_NOT_SET:
    'Tu cuenta se creó con Google y aún no tiene contraseña. Crea una con «¿Olvidaste tu contraseña?» en la página de ingreso.',
  PASSWORD_INCORRECT: 'La contraseña no es correcta. Por favor inténtalo nuevamente.',
  EMAIL_LINK_INVALID:
    'El enlace para verificar tu email no es válido, ya fue utilizado, fue reemplazado por uno más nuevo o ha expirado. Ingresa a tu cuenta y pide uno nuevo.',
  INVITATION_INVALID:
    'La invitación no es válida, ya fue utilizada o ha expirado. Pide a quien te invitó que te envíe una nueva.',
  INVITATION_OWN: 'Esta invitación es para tu propia red de seguridad: compártela con la persona invitada.',
  ALREADY_IN_NETWORK: 'Esta persona ya está invitada o ya forma parte de tu red de seguridad.',
  NETWORK_LIMIT_REACHED:
    'Alcanzaste el máximo de personas de tu red de seguridad según tu plan. Actualiza tu plan para invitar a más personas.',
  REFERRAL_CODE_INVALID:
    'El código de referido del enlace no es válido. Pide a quien te lo compartió que te envíe el enlace nuevamente.',
  REFERRAL_OWN: 'No puedes usar tu propio código de referido.',
  SPONSOR_INVALID:
    'El código de patrocinio no es válido o ya no está vigente. Consulta con la organización que te lo entregó.',
  ALERT_ENDED: 'Esta alerta ya terminó.',
  ALERT_EXPIRED: 'Esta alerta terminó hace más de 24 horas y su enlace ha expirado.',
  ATENCION_CLOSED: 'Esta atención ya está cerrada: no se le pueden agregar notas ni videos.',
  CUSTOMER_NOT_FOUND: 'No existe un cliente con ese email.',
  VIDEO_INVALID: 'El archivo debe ser un video MP4, MOV (QuickTime) o WebM.',
  VIDEO_TOO_LARGE: 'El video supera el máximo de 200 MB: no se guardó.',
  EVIDENCE_LINK_EXPIRED: 'Este enlace de evidencias fue revocado o ha expirado.',
  SERVER_BUSY: 'El servidor está ocupado. Por favor inténtalo nuevamente en unos segundos.',
  MAIL_UNAVAILABLE:
    'No pudimos enviar el email en este momento. Por favor inténtalo nuevamente en unos minutos.',
  STORAGE_UNAVAILABLE:
    'El almacenamiento de archivos no responde en este momento. Por favor inténtalo nuevamente en unos minutos.',
  INTERNAL: 'Lo sentimos, ha ocurrido un error inesperado. Por favor inténtalo nuevamente.',
};
