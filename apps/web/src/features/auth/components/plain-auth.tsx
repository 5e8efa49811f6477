/**
 * Login's and Register's building blocks in plain HTML, styled by pages/login-page.css to look like
 * the MUI pages (AuthLayout, FormField, PasswordField; the Alert is components/plain-alert.tsx):
 * Login is the first download of most visitors, on a phone, and MUI would be a third of it
 * (docs/decisions/016); Register is where a shared sign-up link lands, on a phone too
 * (docs/decisions/017).
 */
import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Icon } from '../../../components/icon.tsx';
import { ShieldMark } from '../../../components/shield-mark.tsx';
import { componentsTexts } from '../../../components/texts.ts';
import { BRAND_NAME, BRAND_RED } from '../../../lib/brand.ts';
import { authTexts } from '../texts.ts';

// the paths of @mui/icons-material's Visibility, VisibilityOff and Google (MIT)
const VISIBILITY_ICON =
  'M12 4.5C7 4.5 2.73 7.61 1 12c1.73 4.39 6 7.5 11 7.5s9.27-3.11 11-7.5c-1.73-4.39-6-7.5-11-7.5M12 17c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5m0-8c-1.66 0-3 1.34-3 3s1.34 3 3 3 3-1.34 3-3-1.34-3-3-3';
const VISIBILITY_OFF_ICON =
  'M12 7c2.76 0 5 2.24 5 5 0 .65-.13 1.26-.36 1.83l2.92 2.92c1.51-1.26 2.7-2.89 3.43-4.75-1.73-4.39-6-7.5-11-7.5-1.4 0-2.74.25-3.98.7l2.16 2.16C10.74 7.13 11.35 7 12 7M2 4.27l2.28 2.28.46.46C3.08 8.3 1.78 10.02 1 12c1.73 4.39 6 7.5 11 7.5 1.55 0 3.03-.3 4.38-.84l.42.42L19.73 22 21 20.73 3.27 3zM7.53 9.8l1.55 1.55c-.05.21-.08.43-.08.65 0 1.66 1.34 3 3 3 .22 0 .44-.03.65-.08l1.55 1.55c-.67.33-1.41.53-2.2.53-2.76 0-5-2.24-5-5 0-.79.2-1.53.53-2.2m4.31-.78 3.15 3.15.02-.16c0-1.66-1.34-3-3-3z';
const GOOGLE_ICON =
  'M12.545,10.239v3.821h5.445c-0.712,2.315-2.647,3.972-5.445,3.972c-3.332,0-6.033-2.701-6.033-6.032s2.701-6.032,6.033-6.032c1.498,0,2.866,0.549,3.921,1.453l2.814-2.814C17.503,2.988,15.139,2,12.545,2C7.021,2,2.543,6.477,2.543,12s4.478,10,10.002,10c8.396,0,10.249-7.85,9.426-11.748L12.545,10.239z';

/** AuthLayout's frame: logo, a card with a title, and the page's content. */
export function PlainAuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <main className="auth-page">
      <DocumentTitle title={title} />
      <span className="auth-logo">
        <ShieldMark size={44} shieldColor={BRAND_RED} checkColor="#fff" />
        <span className="auth-logo-name">{BRAND_NAME}</span>
      </span>
      <div className="auth-card">
        <h1 className={subtitle ? 'auth-title' : 'auth-title is-alone'}>{title}</h1>
        {subtitle ? <p className="auth-subtitle">{subtitle}</p> : null}
        {children}
      </div>
    </main>
  );
}

/**
 * An outlined field with its floating label and error text, or a hint while there is no error;
 * `isPassword` adds the show/hide toggle.
 */
export function PlainField({
  id,
  label,
  value,
  error,
  hint,
  isPassword = false,
  ...inputProps
}: Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'value'> & {
  id: string;
  label: string;
  value: string;
  error?: string | undefined;
  hint?: string;
  isPassword?: boolean;
}) {
  const [isVisible, setIsVisible] = useState(false);
  const helper = error ?? hint;
  const helperId = helper ? `${id}-helper-text` : undefined;
  const classes = [
    'field',
    value ? 'is-filled' : '',
    error ? 'has-error' : '',
    isPassword ? 'has-toggle' : '',
  ];
  return (
    <div className={classes.filter(Boolean).join(' ')}>
      <input
        {...inputProps}
        id={id}
        value={value}
        className="field-input"
        type={isPassword ? (isVisible ? 'text' : 'password') : inputProps.type}
        aria-invalid={error ? true : undefined}
        aria-describedby={helperId}
      />
      <label className="field-label" htmlFor={id}>
        {label}
      </label>
      {isPassword ? (
        <button
          type="button"
          className="field-toggle"
          aria-label={isVisible ? componentsTexts.hidePassword : componentsTexts.showPassword}
          onClick={() => setIsVisible((visible) => !visible)}
          // keep the caret in the field when the toggle is clicked
          onMouseDown={(event) => event.preventDefault()}
        >
          <Icon path={isVisible ? VISIBILITY_OFF_ICON : VISIBILITY_ICON} />
        </button>
      ) : null}
      {helper ? (
        <p className={error ? 'field-helper' : 'field-helper is-hint'} id={helperId}>
          {helper}
        </p>
      ) : null}
    </div>
  );
}

/**
 * Leaves the panel for the provider (spec 2: redirects the browser to the social-oauth endpoint), with
 * the codes of the sign-up link of the page (`searchParams`), so that an account Google makes gets the
 * invitation, referral and sponsor a sign-up by e-mail would (the server keeps them for the callback).
 */
export function PlainGoogleSignInButton({
  url,
  searchParams,
}: {
  url: string;
  searchParams: URLSearchParams;
}) {
  return (
    <button
      type="button"
      className="auth-button is-outlined"
      onClick={() => window.location.assign(withSignUpCodes(url, searchParams))}
    >
      <Icon path={GOOGLE_ICON} />
      {authTexts.googleSignIn}
    </button>
  );
}

/**
 * The start's URL with the link's codes that are present, spelled as Register sends them to sign-up:
 * `share_code` or `sharecode` as `sharecode`.
 */
function withSignUpCodes(url: string, searchParams: URLSearchParams): string {
  const codes = new URLSearchParams();
  const found = {
    security_code: searchParams.get('security_code'),
    sharecode: searchParams.get('share_code') || searchParams.get('sharecode'),
    sponsor_code: searchParams.get('sponsor_code'),
  };
  for (const [name, code] of Object.entries(found)) if (code) codes.set(name, code);
  const query = codes.toString();
  return query ? `${url}${url.includes('?') ? '&' : '?'}${query}` : url;
}

/** Shown while the social_access_token of Google sign-in is traded for a session. */
export function PlainGoogleSigningIn() {
  return (
    <div className="auth-status" role="status">
      <span className="spinner" aria-hidden="true" />
      <span>{authTexts.googleSigningIn}</span>
    </div>
  );
}
