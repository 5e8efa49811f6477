/**
 * The brand as the panel knows it before `/api/config` answers (document title, logo). The server's
 * `brand_name` wins wherever the config is already loaded (footer, store page).
 */
export const BRAND_NAME = 'Escudo';

/** Header red (STYLE: red header bar of spec section 2). */
export const BRAND_RED = '#c62828';
