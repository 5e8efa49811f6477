// Spanish texts of the profile dialog (spec 2 Modals: profile; spec 5 Profile; spec 8 Profile), and
// of its avatar editor (decision 013).
export const profileTexts = {
  title: 'Editar Perfil',
  nameLabel: 'Nombre y apellido',
  rutLabel: 'RUT',
  rutPlaceholder: '12.345.678-5',
  emailLabel: 'Email',
  phoneLabel: 'Teléfono',
  countryLabel: 'País',
  regionLabel: 'Región',
  communeLabel: 'Comuna',
  addressLabel: 'Dirección',
  genderLabel: 'Género',
  genderFemale: 'Femenino',
  genderMale: 'Masculino',
  birthLabel: 'Fecha de nacimiento',
  choose: 'Selecciona…',
  required: 'Requerido',
  emailInvalid: 'Email no es válido',
  /** spec 5, spelling included; {phone} is an example number */
  phoneLength: 'Debe tener 11 dígtos. Ej ({phone})',
  phoneExample: '56912345678',
  rutInvalid: 'El RUT no es válido. Revisa el dígito verificador.',
  birthRange: 'La fecha debe estar entre el 01-01-1950 y hoy.',
  save: 'Guardar',
  cancel: 'Cancelar',
  close: 'Cerrar',
  loading: 'Cargando tus datos…',
  placesError: 'No pudimos cargar la lista. Cierra y vuelve a abrir el perfil para intentarlo nuevamente.',
  /** spec 8 */
  saved: 'Datos actualizados correctamente',
  /** spec 8 */
  saveFailed: 'Ha ocurrido un error al intentar actualizar los datos. Por favor intenta nuevamente.',

  // e-mail change (decision 050): asked with the password; the current address is told and has a say
  changeEmail: 'Cambiar email',
  changeEmailTitle: 'Cambiar email',
  changeEmailIntro:
    'Te enviaremos un enlace a tu nuevo email, que abrirás con tu cuenta abierta, y un aviso a tu email actual, desde donde podrás confirmar o cancelar el cambio. Si tu email actual está verificado, el cambio se aplica cuando lo confirmes desde ahí, o 7 días después.',
  newEmailLabel: 'Nuevo email',
  currentPasswordLabel: 'Tu contraseña actual',
  passwordRequired: 'Ingresa tu contraseña',
  sendLink: 'Enviar enlace',
  changeEmailFailed: 'No pudimos pedir el cambio de email.',
  /** {email}: the new address, its link not opened yet */
  changeEmailPendingLink:
    'Te enviamos un enlace a {email}: ábrelo con tu cuenta abierta para confirmar el cambio.',
  /** {email}: the new address, confirmed; {date} */
  changeEmailConfirmedWaits: 'Confirmaste {email}.',
  /** {date} */
  changeEmailAppliesAt:
    'Por seguridad, el cambio se aplicará el {date}, o antes si lo confirmas desde tu email actual.',
  changeEmailCurrentConfirmed:
    'Tu email actual ya lo confirmó: se aplicará en cuanto abras el enlace del nuevo email.',
  cancelEmailChange: 'Cancelar el cambio',
  emailChangeCancelled: 'Cancelaste el cambio de email.',
  cancelEmailChangeFailed: 'No pudimos cancelar el cambio de email.',

  // avatar
  changePhoto: 'Cambiar foto',
  photoSaved: 'Foto actualizada',
  cropTitle: 'Recorta tu foto',
  cropHint: 'Arrastra la foto para encuadrarla y usa el control para acercarla.',
  cropArea: 'Área de recorte',
  zoom: 'Acercar',
  savePhoto: 'Guardar foto',
  sendingPhoto: 'Enviando foto…',
  loadingCropper: 'Cargando…',
  notAnImage: 'El archivo elegido no es una imagen. Elige una foto (JPEG o PNG).',
  imageUnreadable: 'No pudimos abrir esa imagen. Prueba con otra foto (JPEG o PNG).',
} as const;
