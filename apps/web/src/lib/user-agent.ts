/**
 * Which store suits the visitor's device. iPadOS Safari introduces itself as a Mac ("Macintosh"), so a
 * Mac with a touch screen counts as an iPad.
 */
export type MobilePlatform = 'android' | 'ios';

function userAgent(): string {
  return typeof navigator === 'undefined' ? '' : navigator.userAgent;
}

function isIpadOs(ua: string): boolean {
  return /Macintosh/.test(ua) && typeof navigator !== 'undefined' && navigator.maxTouchPoints > 1;
}

/** Android phones and iPhone/iPad (spec 2 Register: the mobile countdown). */
export function getMobilePlatform(ua: string = userAgent()): MobilePlatform | null {
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod/.test(ua) || isIpadOs(ua)) return 'ios';
  return null;
}

/** Store redirect (spec 2): Android goes to Play, Apple devices including Macs to the App Store. */
export function getStorePlatform(ua: string = userAgent()): MobilePlatform | null {
  if (/Android/i.test(ua)) return 'android';
  if (/iPhone|iPad|iPod|Macintosh/.test(ua)) return 'ios';
  return null;
}
