// Spanish texts of the profile dialog (spec 2 Modals: profile; spec 5). The avatar part: issue 14, item 4.
export const profileTexts = {
  title: 'Editar Perfil',
  close: 'Cerrar',
  formComingSoon: 'Muy pronto podrás editar aquí tu nombre, teléfono, dirección y RUT.',

  // avatar
  avatarLabel: 'Tu foto de perfil',
  changePhoto: 'Cambiar foto',
  photoSaved: 'Foto actualizada',
  cropTitle: 'Recorta tu foto',
  cropHint: 'Arrastra la foto para encuadrarla y usa el control para acercarla.',
  cropArea: 'Área de recorte',
  zoom: 'Acercar',
  cancel: 'Cancelar',
  savePhoto: 'Guardar foto',
  sendingPhoto: 'Enviando foto…',
  loadingCropper: 'Cargando…',
  notAnImage: 'El archivo elegido no es una imagen. Elige una foto (JPEG o PNG).',
  imageUnreadable: 'No pudimos abrir esa imagen. Prueba con otra foto (JPEG o PNG).',
  saveFailed: 'No pudimos guardar tu foto. Por favor inténtalo nuevamente.',
} as const;
