import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useEffect, useId, useState, type FormEvent } from 'react';
import type { Device } from '@escudo/contract';
import { WRONG_PASSWORD_MESSAGE_MS } from '@escudo/contract/browser';
import { PasswordField } from '../../../components/password-field.tsx';
import { SecondStepCodeField, useNeedsSecondStep } from '../../../components/second-step-code-field.tsx';
import { BRAND_NAME } from '../../../lib/brand.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import type { WipeConfirmation } from '../hooks/use-wipe-order.ts';
import { lostphoneTexts } from '../texts.ts';
import { DialogDeviceHeader, DialogNotice } from './dialog-parts.tsx';
import { PendingOrders } from './pending-orders.tsx';

/** The wipe's first step (spec 5, 8): the account's password, before anything goes to the phone. */
export function WipePasswordForm({
  device,
  isOnline,
  serverMessage,
  isSubmitting,
  onConfirm,
  onCancel,
}: {
  device: Device;
  isOnline: boolean | null;
  /** the server's message when it asked for the password again (428) */
  serverMessage: string | null;
  isSubmitting: boolean;
  onConfirm: (password: string, code?: string) => Promise<WipeConfirmation>;
  onCancel: () => void;
}) {
  const fieldId = useId();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  // with two-step sign-in on, validatePass needs a code too (decision 035)
  const needsCode = useNeedsSecondStep();
  const [hasTriedToSubmit, setHasTriedToSubmit] = useState(false);
  const [wrongPasswordAt, setWrongPasswordAt] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { data: config } = useConfig();
  const product = config?.brand_name ?? BRAND_NAME;

  // spec 8: 'Contraseña incorrecta' for 3 s
  useEffect(() => {
    if (wrongPasswordAt === null) return;
    const timer = setTimeout(() => setWrongPasswordAt(null), WRONG_PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrongPasswordAt]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setHasTriedToSubmit(true);
    if (password === '' || (needsCode && code.trim() === '') || isSubmitting) return;
    setFormError(null);
    setWrongPasswordAt(null);
    const result = await onConfirm(password, needsCode ? code.trim() : undefined);
    // a code works once: whatever the answer, the next try needs a fresh one
    setCode('');
    if (result.kind === 'error') return setFormError(result.message);
    setPassword('');
    setHasTriedToSubmit(false);
    if (result.kind === 'wrongPassword') setWrongPasswordAt(Date.now());
  }

  const isPasswordMissing = hasTriedToSubmit && password === '';
  return (
    <form onSubmit={(event) => void submit(event)} noValidate>
      <DialogContent>
        <DialogDeviceHeader device={device} isOnline={isOnline} />
        {/* an order already waiting for this phone (issue 30): seen, and cancellable, before another */}
        <PendingOrders device={device} types={['wipe']} placement="dialog" />
        <DialogNotice severity="warning" text={lostphoneTexts.wipeWarning} />
        <DialogNotice severity="info" text={isOnline === false ? lostphoneTexts.wipeOffline : null} />
        <DialogNotice severity="error" text={serverMessage} />
        <DialogNotice severity="error" text={formError} />
        <Box aria-live="assertive">
          <DialogNotice
            severity="error"
            text={wrongPasswordAt !== null ? lostphoneTexts.wipeWrongPassword : null}
          />
        </Box>
        <PasswordField
          id={fieldId}
          label={lostphoneTexts.wipePasswordLabel}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoComplete="current-password"
          autoFocus
          required
          // spec 5: the sentence is the field's description, and its error once Enter was pressed empty
          error={isPasswordMissing}
          helperText={fillText(lostphoneTexts.wipePasswordRequired, { product })}
        />
        {needsCode ? (
          <Box sx={{ mt: 2 }}>
            <SecondStepCodeField
              value={code}
              onChange={setCode}
              isMissing={hasTriedToSubmit && code.trim() === ''}
            />
          </Box>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{lostphoneTexts.cancel}</Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={password === '' || (needsCode && code.trim() === '')}
          loading={isSubmitting}
        >
          {lostphoneTexts.wipeConfirm}
        </Button>
      </DialogActions>
    </form>
  );
}
