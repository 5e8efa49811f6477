import { useState, type FormEvent } from 'react';
import { TWO_FACTOR_CODE_DIGITS } from '@escudo/contract/browser';
import { isApiRequestError } from '../../../lib/api-client.ts';
import { useLoginTwoFactor } from '../api/login-two-factor.ts';
import { authTexts } from '../texts.ts';
import { PlainAuthLayout, PlainField } from './plain-auth.tsx';
import { AuthSubmitButton } from './auth-submit-button.tsx';

/** the second step of a sign-in in progress: the server's challenge and where to go once it is passed */
export interface TwoFactorPending {
  challenge: string;
  next: string;
}

/** the pending second step a page was sent to Login with (Register, after Google sign-in) */
export function pendingTwoFactorOf(state: unknown): TwoFactorPending | null {
  const pending = (state as { twoFactor?: TwoFactorPending } | null)?.twoFactor;
  return typeof pending?.challenge === 'string' && typeof pending.next === 'string' ? pending : null;
}

/**
 * Sign-in's second step (decision 035), in Login's plain HTML: the authenticator app's code,
 * or a recovery code. A challenge that died (5 minutes, too many codes, used) sends the person back
 * to the password with the server's message; a wrong code stays here with its message.
 */
export function TwoFactorStep({
  challenge,
  onPassed,
  onBack,
}: {
  challenge: string;
  onPassed: () => void;
  /** back to the password step, with the reason when the challenge is no longer good */
  onBack: (message: string | null) => void;
}) {
  const mutation = useLoginTwoFactor();
  const [isRecovery, setIsRecovery] = useState(false);
  const [code, setCode] = useState('');
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);

  const typed = code.trim();
  const fieldError = hasTriedToSubmit ? fieldErrorOf(typed, isRecovery) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (typed === '' || mutation.isPending) return;
    if (fieldErrorOf(typed, isRecovery)) return;
    mutation.mutate(
      { challenge, code: typed },
      {
        onSuccess: onPassed,
        onError: (error) => {
          if (isApiRequestError(error) && error.code === 'TWO_FACTOR_CHALLENGE_INVALID')
            onBack(error.message);
          else {
            // a code works once: the field is emptied for a fresh one, without calling it missing
            setCode('');
            setHasTriedToSubmit(false);
          }
        },
      },
    );
  };

  const switchKind = () => {
    setIsRecovery((current) => !current);
    setCode('');
    setHasTriedToSubmit(false);
    mutation.reset();
  };

  return (
    <PlainAuthLayout
      title={authTexts.twoFactorTitle}
      subtitle={isRecovery ? authTexts.twoFactorRecoveryIntro : authTexts.twoFactorIntro}
    >
      <form onSubmit={onSubmit} noValidate>
        <div className="auth-stack">
          {mutation.isError ? (
            <div className="plain-alert" role="alert">
              {describeSecondStepError(mutation.error)}
            </div>
          ) : null}
          <PlainField
            key={isRecovery ? 'recovery' : 'app'}
            id="two-factor-code"
            label={isRecovery ? authTexts.twoFactorRecoveryLabel : authTexts.twoFactorCodeLabel}
            value={code}
            onChange={(event) => setCode(event.target.value)}
            error={fieldError}
            autoComplete={isRecovery ? 'off' : 'one-time-code'}
            inputMode={isRecovery ? 'text' : 'numeric'}
            autoCapitalize="off"
            spellCheck={false}
            maxLength={isRecovery ? 32 : 8}
            autoFocus
          />
          <AuthSubmitButton isPending={mutation.isPending}>{authTexts.twoFactorSubmit}</AuthSubmitButton>
          <div className="auth-links">
            <button type="button" className="auth-link" onClick={switchKind}>
              {isRecovery ? authTexts.twoFactorUseApp : authTexts.twoFactorUseRecovery}
            </button>
            <button type="button" className="auth-link" onClick={() => onBack(null)}>
              {authTexts.twoFactorBack}
            </button>
          </div>
        </div>
      </form>
    </PlainAuthLayout>
  );
}

const APP_CODE = new RegExp(`^\\d{${TWO_FACTOR_CODE_DIGITS}}$`);

function fieldErrorOf(typed: string, isRecovery: boolean): string | undefined {
  if (typed === '') return authTexts.twoFactorCodeRequired;
  if (!isRecovery && !APP_CODE.test(typed.replace(/\s/g, ''))) return authTexts.twoFactorCodeFormat;
  return undefined;
}

// the server's Spanish message says what went wrong (a wrong or used code, a wait after too many)
function describeSecondStepError(error: unknown): string {
  if (!isApiRequestError(error)) return authTexts.unexpectedError;
  if (error.status === 400 || error.status === 403 || error.status === 429) return error.message;
  if (error.code === 'TIMEOUT' || error.code === 'NETWORK') return error.message;
  return authTexts.unexpectedError;
}
