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
  /** a body of a type the route does not read (text, XML… where JSON is expected) */
  'UNSUPPORTED_MEDIA_TYPE',
  /** a request line (its URL) or a path segment longer than the server reads */
  'URL_TOO_LONG',
  /** request headers larger than the server reads (Node's maxHeaderSize) */
  'HEADERS_TOO_LARGE',
  /** a method Node's HTTP parser does not know (known ones on an unknown route are ROUTE_NOT_FOUND) */
  'METHOD_NOT_ALLOWED',
  /** a request whose headers or body did not arrive in time (decision 031) */
  'REQUEST_TIMEOUT',
  /** no bearer token, or one that is unknown, expired or revoked */
  'UNAUTHENTICATED',
  /** sign-in with a wrong e-mail or password */
  'INVALID_CREDENTIALS',
  /** sign-in, with the right password, to an account an administrator disabled (`operator disable`) */
  'ACCOUNT_DISABLED',
  /**
   * a signed-in user refused something that is not about an id; another user's device, route or order
   * is answered NOT_FOUND instead, as if it did not exist (decision 012: a 403 would tell that it exists).
   * Also an operator's session on a customer's endpoint, and revokeSession of a session that is not
   * the customer's or does not exist (the same answer for both, decision 036)
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
  /** cancelling an order that is no longer waiting for its phone: it reached it, or it ended (decision 043) */
  'COMMAND_NOT_PENDING',
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
   * the e-mail, or within one session (every call that re-asks the password); too many wrong two-step
   * codes from one address, in one session (confirm), or for one account (its app codes wait, its
   * recovery codes do not: decision 052); Retry-After says when to try again
   */
  'TOO_MANY_ATTEMPTS',
  /** too many sign-ups or reset requests from one address, or reset e-mails to one e-mail; Retry-After */
  'TOO_MANY_REQUESTS',
  /** a password-reset link that is unknown, used or expired */
  'RESET_TOKEN_INVALID',
  /**
   * sign-in, with the right password, to an account whose deletion is scheduled (decision 038): the
   * message says when it will be deleted and that the e-mailed link keeps it
   */
  'ACCOUNT_DELETION_SCHEDULED',
  /** a link that cancels an account's deletion that is unknown, already used, or whose account is gone */
  'DELETION_LINK_INVALID',
  /** a Google sign-in's social_access_token that is unknown, already traded or past its 2 minutes */
  'SOCIAL_TOKEN_INVALID',
  /** validatePass or changePassword on an account made with Google that has never set a password */
  'PASSWORD_NOT_SET',
  /** changePassword with a current password that is not the account's: nothing changes */
  'CURRENT_PASSWORD_WRONG',
  /**
   * a signed-in request that must be confirmed with the password (data export, closing the account,
   * changing the e-mail, turning two-step sign-in off) given a wrong one
   */
  'WRONG_PASSWORD',
  /** a data export asked for within a day of the last one (DATA_EXPORT_EVERY_MS); Retry-After */
  'EXPORT_TOO_SOON',
  /** a data export's download link that is forged, past its 24 hours, or whose file was removed */
  'EXPORT_LINK_INVALID',
  /**
   * a two-step sign-in code that is wrong, already used (each time step and each recovery code work
   * once) or out of its time: at sign-in's second step, turning it on or off, or validatePass
   */
  'TWO_FACTOR_CODE_INVALID',
  /** validatePass without a code on an account with two-step sign-in on */
  'TWO_FACTOR_CODE_REQUIRED',
  /**
   * sign-in's second step with a challenge that is unknown, used, past its 5 minutes or dead after
   * too many wrong codes: the person signs in again with the password
   */
  'TWO_FACTOR_CHALLENGE_INVALID',
  /** confirming two-step sign-in with no pending secret (start was not called, or it is already used) */
  'TWO_FACTOR_NOT_STARTED',
  /** confirming two-step sign-in with a secret started more than TWO_FACTOR_PENDING_TTL_MS ago: start again */
  'TWO_FACTOR_SETUP_EXPIRED',
  /** starting or confirming two-step sign-in on an account that has it on */
  'TWO_FACTOR_ALREADY_ON',
  /** turning off two-step sign-in on an account that does not have it on */
  'TWO_FACTOR_OFF',
  /** an e-mail verification or e-mail change link that is unknown, used, replaced by a newer one or past its 48 h */
  'EMAIL_LINK_INVALID',
  /** cancelling a change of e-mail when none is under way */
  'EMAIL_CHANGE_NOT_PENDING',
  /** the review's new password for an account that already has one (decision 050) */
  'PASSWORD_ALREADY_SET',
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
  /** the open alert page ALERT_LINK_VALID_AFTER_END_MS (1 hour) after its alert ended */
  'ALERT_EXPIRED',
  /**
   * the open alert page by the link of someone no longer in the owner's security network (removed, or
   * left): each member's link is their own and ends with their membership (decision 039)
   */
  'ALERT_LINK_REVOKED',
  /** a note, a video or a close for an atención that is already closed */
  'ATENCION_CLOSED',
  /** opening an atención for an e-mail that is not a customer's account */
  'CUSTOMER_NOT_FOUND',
  /** a central event another operator holds: taking it, or giving it back (the message names the holder) */
  'ALREADY_CLAIMED',
  /** a central event already closed: it can no longer be taken, given back or closed */
  'CENTRAL_EVENT_CLOSED',
  /** giving back a central event nobody holds */
  'CENTRAL_EVENT_NOT_CLAIMED',
  /** an evidence upload that is not a whole video (MP4, QuickTime or WebM by its container's structure) or has no file */
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
  UNSUPPORTED_MEDIA_TYPE: 415,
  URL_TOO_LONG: 414,
  HEADERS_TOO_LARGE: 431,
  METHOD_NOT_ALLOWED: 405,
  REQUEST_TIMEOUT: 408,
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
  COMMAND_NOT_PENDING: 409,
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
  // 400, not 401: the panel ends its session on a 401, and a mistyped password is not about the session
  WRONG_PASSWORD: 400,
  ACCOUNT_DELETION_SCHEDULED: 403,
  DELETION_LINK_INVALID: 400,
  SOCIAL_TOKEN_INVALID: 400,
  PASSWORD_NOT_SET: 409,
  CURRENT_PASSWORD_WRONG: 400,
  EXPORT_TOO_SOON: 429,
  EXPORT_LINK_INVALID: 410,
  TWO_FACTOR_CODE_INVALID: 400,
  TWO_FACTOR_CODE_REQUIRED: 400,
  TWO_FACTOR_CHALLENGE_INVALID: 400,
  TWO_FACTOR_NOT_STARTED: 409,
  TWO_FACTOR_SETUP_EXPIRED: 409,
  TWO_FACTOR_ALREADY_ON: 409,
  TWO_FACTOR_OFF: 409,
  EMAIL_LINK_INVALID: 400,
  EMAIL_CHANGE_NOT_PENDING: 409,
  PASSWORD_ALREADY_SET: 409,
  INVITATION_INVALID: 400,
  INVITATION_OWN: 409,
  ALREADY_IN_NETWORK: 409,
  NETWORK_LIMIT_REACHED: 409,
  REFERRAL_CODE_INVALID: 400,
  REFERRAL_OWN: 409,
  SPONSOR_INVALID: 400,
  ALERT_ENDED: 409,
  ALERT_EXPIRED: 410,
  ALERT_LINK_REVOKED: 410,
  ATENCION_CLOSED: 409,
  CUSTOMER_NOT_FOUND: 404,
  ALREADY_CLAIMED: 409,
  CENTRAL_EVENT_CLOSED: 409,
  CENTRAL_EVENT_NOT_CLAIMED: 409,
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
  UNSUPPORTED_MEDIA_TYPE: 'El tipo de contenido de la solicitud no es compatible: envía JSON.',
  URL_TOO_LONG: 'La dirección de la solicitud es demasiado larga.',
  HEADERS_TOO_LARGE: 'Los encabezados de la solicitud son demasiado grandes.',
  METHOD_NOT_ALLOWED: 'El método de la solicitud no está permitido.',
  REQUEST_TIMEOUT: 'La solicitud tardó demasiado en llegar. Por favor inténtalo nuevamente.',
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
  COMMAND_NOT_PENDING: 'Esta orden ya llegó al teléfono; ya no se puede cancelar.',
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
  WRONG_PASSWORD: 'La contraseña no es correcta. Revísala e inténtalo nuevamente.',
  ACCOUNT_DELETION_SCHEDULED:
    'Tu cuenta está programada para eliminarse. Si quieres conservarla, usa el enlace «Cancelar la eliminación» del email que te enviamos.',
  DELETION_LINK_INVALID:
    'El enlace para cancelar la eliminación no es válido o ya fue utilizado. Si tu cuenta sigue activa, puedes ingresar normalmente.',
  SOCIAL_TOKEN_INVALID:
    'El inicio de sesión con Google no es válido, ya fue utilizado o ha expirado. Por favor inténtalo nuevamente.',
  PASSWORD_NOT_SET:
    'Tu cuenta aún no tiene contraseña. Crea una con «¿Olvidaste tu contraseña?» en la página de ingreso.',
  CURRENT_PASSWORD_WRONG: 'Tu contraseña actual no es correcta.',
  EXPORT_TOO_SOON: 'Ya pediste una copia de tus datos en las últimas 24 horas. Podrás pedir otra mañana.',
  EXPORT_LINK_INVALID:
    'Este enlace de descarga no es válido o ya expiró. Puedes pedir una nueva copia de tus datos en «Seguridad y privacidad».',
  TWO_FACTOR_CODE_INVALID:
    'El código no es correcto, ya fue usado o expiró. Escribe el código que muestra ahora tu app de autenticación, o uno de tus códigos de recuperación.',
  TWO_FACTOR_CODE_REQUIRED:
    'Tu cuenta tiene activada la verificación en dos pasos: ingresa el código de tu app de autenticación o uno de tus códigos de recuperación.',
  TWO_FACTOR_CHALLENGE_INVALID:
    'La verificación en dos pasos expiró o ya no es válida. Ingresa nuevamente con tu email y contraseña.',
  TWO_FACTOR_NOT_STARTED:
    'Primero pide un código QR nuevo con «Activar» y escanéalo con tu app de autenticación.',
  TWO_FACTOR_SETUP_EXPIRED:
    'Este código QR ya no sirve: pasaron más de 15 minutos desde que lo pediste. Vuelve a empezar con tu contraseña y escanea el código QR nuevo.',
  TWO_FACTOR_ALREADY_ON: 'La verificación en dos pasos ya está activada en tu cuenta.',
  TWO_FACTOR_OFF: 'La verificación en dos pasos no está activada en tu cuenta.',
  EMAIL_LINK_INVALID:
    'El enlace para verificar tu email no es válido, ya fue utilizado, fue reemplazado por uno más nuevo o ha expirado. Ingresa a tu cuenta y pide uno nuevo.',
  EMAIL_CHANGE_NOT_PENDING: 'No hay un cambio de email en curso.',
  PASSWORD_ALREADY_SET: 'Tu cuenta ya tiene contraseña. Puedes cambiarla en «Seguridad y privacidad».',
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
  ALERT_EXPIRED: 'Esta alerta terminó hace más de 1 hora y su enlace ha expirado.',
  ALERT_LINK_REVOKED:
    'Este enlace ya no funciona: ya no formas parte de la red de seguridad de esta persona.',
  ATENCION_CLOSED: 'Esta atención ya está cerrada: no se le pueden agregar notas ni videos.',
  CUSTOMER_NOT_FOUND: 'No existe un cliente con ese email.',
  ALREADY_CLAIMED: 'Otro operador ya tomó este evento.',
  CENTRAL_EVENT_CLOSED: 'Este evento ya está cerrado.',
  CENTRAL_EVENT_NOT_CLAIMED: 'Nadie ha tomado este evento: sigue en la cola.',
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
