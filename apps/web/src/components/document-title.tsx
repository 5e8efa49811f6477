import { BRAND_NAME } from '../lib/brand.ts';

/** The browser tab's title; React 19 hoists <title> into <head>. */
export function DocumentTitle({ title }: { title?: string }) {
  return <title>{title ? `${title} · ${BRAND_NAME}` : BRAND_NAME}</title>;
}
