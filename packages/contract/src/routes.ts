/**
 * Method, path and caller of every call, without their schemas. The endpoints of this package spread
 * these; the panel's first load imports only this file (and types), so zod, which is not
 * tree-shakable, stays out of the Login page's JavaScript (bench/RESULTS.md).
 */
import type { EndpointAuth } from './endpoint.ts';

export interface Route {
  method: 'GET' | 'POST';
  path: `/api/${string}`;
  auth: EndpointAuth;
}

export const routes = {
  login: { method: 'POST', path: '/api/auth/login', auth: 'none' },
  signUpByCode: { method: 'POST', path: '/api/auth/signUpByCode', auth: 'none' },
  findResetToken: { method: 'POST', path: '/api/auth/find', auth: 'none' },
  resetPass: { method: 'POST', path: '/api/auth/resetPass', auth: 'none' },
  forgotPass: { method: 'POST', path: '/api/auth/forgotPass', auth: 'none' },
  // `account`: the operator's panel calls these three too (decision 036)
  logout: { method: 'POST', path: '/api/auth/logout', auth: 'account' },
  userDetails: { method: 'POST', path: '/api/app/user/details', auth: 'account' },
  accountActivity: { method: 'POST', path: '/api/app/account/activity', auth: 'user' },
  /** where the account is signed in, and ending those sessions (decision 036) */
  accountSessions: { method: 'POST', path: '/api/app/account/sessions', auth: 'user' },
  revokeSession: { method: 'POST', path: '/api/app/account/revokeSession', auth: 'user' },
  revokeOtherSessions: { method: 'POST', path: '/api/app/account/revokeOtherSessions', auth: 'user' },
  changePassword: { method: 'POST', path: '/api/app/account/changePassword', auth: 'user' },
  requestDataExport: { method: 'POST', path: '/api/app/account/export', auth: 'user' },
  dataExportStatus: { method: 'POST', path: '/api/app/account/exportStatus', auth: 'user' },
  deleteAccount: { method: 'POST', path: '/api/app/account/delete', auth: 'user' },
  cancelAccountDeletion: { method: 'POST', path: '/api/auth/cancelDeletion', auth: 'none' },
  /** two-step sign-in (decision 035): turned on and off while signed in, its second step at sign-in */
  twoFactorStart: { method: 'POST', path: '/api/app/account/twoFactor/start', auth: 'user' },
  twoFactorConfirm: { method: 'POST', path: '/api/app/account/twoFactor/confirm', auth: 'user' },
  twoFactorDisable: { method: 'POST', path: '/api/app/account/twoFactor/disable', auth: 'user' },
  loginTwoFactor: { method: 'POST', path: '/api/auth/loginTwoFactor', auth: 'none' },
  resendVerification: { method: 'POST', path: '/api/app/account/resendVerification', auth: 'user' },
  changeEmail: { method: 'POST', path: '/api/app/account/changeEmail', auth: 'user' },
  /** the link of a verification e-mail: opened without a session (the person may be signed out) */
  verifyEmail: { method: 'POST', path: '/api/auth/verifyEmail', auth: 'none' },
  /** a change of e-mail (decision 050): the new address's link in a session, the current address's without */
  confirmEmailChange: { method: 'POST', path: '/api/app/account/confirmEmailChange', auth: 'user' },
  cancelEmailChange: { method: 'POST', path: '/api/app/account/cancelEmailChange', auth: 'user' },
  findEmailChange: { method: 'POST', path: '/api/auth/emailChange/find', auth: 'none' },
  answerEmailChange: { method: 'POST', path: '/api/auth/emailChange/answer', auth: 'none' },
  /** what a reclaimed account's owner reviews before anything else (decision 050) */
  accountReview: { method: 'POST', path: '/api/app/account/review', auth: 'user' },
  accountReviewPassword: { method: 'POST', path: '/api/app/account/review/password', auth: 'user' },
  accountReviewDecide: { method: 'POST', path: '/api/app/account/review/decide', auth: 'user' },
  updateInfo: { method: 'POST', path: '/api/app/user/updateInfo', auth: 'user' },
  updateAvatar: { method: 'POST', path: '/api/app/user/updateAvatar', auth: 'user' },
  getPaisesActivos: { method: 'POST', path: '/api/auth/getPaisesActivos', auth: 'none' },
  getRegionesActivas: { method: 'POST', path: '/api/auth/getRegionesActivas', auth: 'none' },
  getComunasActivas: { method: 'POST', path: '/api/auth/getComunasActivas', auth: 'none' },
  getConfig: { method: 'GET', path: '/api/config', auth: 'none' },
  registerDevice: { method: 'POST', path: '/api/device/register', auth: 'user' },
  /** the owner removes or renames a phone from the panel (decision 044) */
  removeDevice: { method: 'POST', path: '/api/app/devices/remove', auth: 'user' },
  renameDevice: { method: 'POST', path: '/api/app/devices/rename', auth: 'user' },
  validatePass: { method: 'POST', path: '/api/app/user/validatePass', auth: 'user' },
  createFirebaseAuthToken: {
    method: 'POST',
    path: '/api/app/user/createFirebaseAuthToken',
    auth: 'account',
  },
  getLostMyPhoneData: { method: 'POST', path: '/api/app/lostphone/getLostMyPhoneData', auth: 'user' },
  lostMyPhoneSubscribeNotification: {
    method: 'POST',
    path: '/api/app/lostphone/lostMyPhoneSubscribeNotification',
    auth: 'user',
  },
  lostMyPhoneUnSubscribeNotification: {
    method: 'POST',
    path: '/api/app/lostphone/lostMyPhoneUnSubscribeNotification',
    auth: 'user',
  },
  blockMyPhoneNotification: {
    method: 'POST',
    path: '/api/app/lostphone/blockMyPhoneNotification',
    auth: 'user',
  },
  wipePhoneDataNotification: {
    method: 'POST',
    path: '/api/app/lostphone/wipePhoneDataNotification',
    auth: 'user',
  },
  changeLostStatus: { method: 'POST', path: '/api/app/lostphone/changeStatus', auth: 'user' },
  getLostMyPhoneInfo: { method: 'POST', path: '/api/app/lostphone/getLostMyPhoneInfo', auth: 'user' },
  getDeviceCommands: { method: 'POST', path: '/api/app/lostphone/getCommands', auth: 'user' },
  /** an order still waiting for its phone, cancelled by the owner (decision 043) */
  cancelCommand: { method: 'POST', path: '/api/app/commands/cancel', auth: 'user' },
  changeTrackingStatus: { method: 'POST', path: '/api/app/tracking/changeTrackingStatus', auth: 'user' },
  getTrackings: { method: 'POST', path: '/api/app/tracking/getTrackings', auth: 'user' },
  lostPhoneReport: { method: 'POST', path: '/api/device/lostphone/report', auth: 'device' },
  getPlanes: { method: 'POST', path: '/api/app/planes/getPlanes', auth: 'user' },
  getToPayData: { method: 'POST', path: '/api/app/planes/getToPayData', auth: 'user' },
  newPlanPayment: { method: 'POST', path: '/api/app/pagos/newPlanPayment', auth: 'user' },
  getOrderStatusByToken: { method: 'POST', path: '/api/auth/getOrderStatusByToken', auth: 'user' },
  /** Flow's callbacks: form-encoded, and answered outside the JSON contract (redirect / plain 200) */
  flowReturn: { method: 'POST', path: '/api/pagos/flowReturn', auth: 'none' },
  flowConfirm: { method: 'POST', path: '/api/pagos/flowConfirm', auth: 'none' },
  /** Google sign-in's browser redirects (decision 014): answered with a 302, outside the JSON contract */
  googleSignInStart: { method: 'GET', path: '/api/social-oauth/google', auth: 'none' },
  googleSignInCallback: { method: 'GET', path: '/api/social-oauth/google/callback', auth: 'none' },
  loginWithGoogleToken: { method: 'POST', path: '/api/social-auth/loginWithGoogleToken', auth: 'none' },
  /** the security network (decision 015) */
  misInvitados: { method: 'POST', path: '/api/app/grupos/misInvitados', auth: 'user' },
  misGrupos: { method: 'POST', path: '/api/app/grupos/misGrupos', auth: 'user' },
  enviarInvitacion: { method: 'POST', path: '/api/app/grupos/enviarInvitacion', auth: 'user' },
  aceptarInvitacion: { method: 'POST', path: '/api/app/grupos/aceptarInvitacion', auth: 'user' },
  eliminarDeRed: { method: 'POST', path: '/api/app/grupos/eliminar', auth: 'user' },
  salirDeRed: { method: 'POST', path: '/api/app/grupos/salir', auth: 'user' },
  getUserByCode: { method: 'POST', path: '/api/auth/getUserByCode', auth: 'none' },
  openDeviceAlert: { method: 'POST', path: '/api/device/alert', auth: 'device' },
  addDeviceAlertPosition: { method: 'POST', path: '/api/device/alert/position', auth: 'device' },
  closeDeviceAlert: { method: 'POST', path: '/api/device/alert/close', auth: 'device' },
  closeAlert: { method: 'POST', path: '/api/app/alertas/cerrar', auth: 'user' },
  getOpenAlerts: { method: 'POST', path: '/api/app/alertas/abiertas', auth: 'user' },
  getNetworkOpenAlerts: { method: 'POST', path: '/api/app/alertas/deMisRedes', auth: 'user' },
  /** the open alert page's data: the token of the link is the last part of the path */
  getPublicAlert: { method: 'GET', path: '/api/public/alerts/:token', auth: 'none' },
  /** the referral sales programme (decision 020) */
  getSalesStatus: { method: 'POST', path: '/api/app/sales/getStatus', auth: 'user' },
  changeSalesStatus: { method: 'POST', path: '/api/app/sales/changeStatus', auth: 'user' },
  getUserPaymentStatus: { method: 'POST', path: '/api/app/sales/getUserPaymentStatus', auth: 'user' },
  getSalesResumen: { method: 'POST', path: '/api/app/sales/getSalesResumen', auth: 'user' },
  getSalesData: { method: 'POST', path: '/api/app/sales/getSalesData', auth: 'user' },
  updateBankAccount: { method: 'POST', path: '/api/app/sales/updateBankAccount', auth: 'user' },
  /** sponsored sign-up (decision 021): the query carries `unique_id` */
  getSponsorById: { method: 'GET', path: '/api/sponsor/getSponsorById', auth: 'none' },
  /** atenciones (decision 018): the operators' side, then the customer's, then the shared evidence page */
  openAtencion: { method: 'POST', path: '/api/operator/atenciones/open', auth: 'operator' },
  addAtencionNote: { method: 'POST', path: '/api/operator/atenciones/note', auth: 'operator' },
  /** multipart (a video), answered outside the JSON contract's body parsing */
  addAtencionEvidence: { method: 'POST', path: '/api/operator/atenciones/evidence', auth: 'operator' },
  closeAtencion: { method: 'POST', path: '/api/operator/atenciones/close', auth: 'operator' },
  listOperatorAtenciones: { method: 'POST', path: '/api/operator/atenciones/list', auth: 'operator' },
  getOperatorAtencion: { method: 'POST', path: '/api/operator/atenciones/detail', auth: 'operator' },
  getUserAtenciones: { method: 'POST', path: '/api/app/atenciones/getUserAtenciones', auth: 'user' },
  getAtencionDetail: { method: 'POST', path: '/api/app/atenciones/getAtencionDetail', auth: 'user' },
  shareEvidence: { method: 'POST', path: '/api/app/atenciones/shareEvidence', auth: 'user' },
  revokeShare: { method: 'POST', path: '/api/app/atenciones/revokeShare', auth: 'user' },
  getPublicEvidence: { method: 'GET', path: '/api/public/evidence/:token', auth: 'none' },
  /** the central's live queue (decision 062) */
  getCentralQueue: { method: 'POST', path: '/api/operator/central/queue', auth: 'operator' },
  claimCentralEvent: { method: 'POST', path: '/api/operator/central/claim', auth: 'operator' },
  releaseCentralEvent: { method: 'POST', path: '/api/operator/central/release', auth: 'operator' },
  closeCentralEvent: { method: 'POST', path: '/api/operator/central/close', auth: 'operator' },
  getCentralHistory: { method: 'POST', path: '/api/operator/central/history', auth: 'operator' },
  getCentralOperators: { method: 'POST', path: '/api/operator/central/operators', auth: 'operator' },
  assignCentralEvent: { method: 'POST', path: '/api/operator/central/assign', auth: 'operator' },
  getCentralEventDetail: { method: 'POST', path: '/api/operator/central/event', auth: 'operator' },
  openCentralAtencion: { method: 'POST', path: '/api/operator/central/atencion', auth: 'operator' },
} as const satisfies Record<string, Route>;
