import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import { useEffect, useState } from 'react';
import type { Device } from '@escudo/contract';
import { WRONG_PASSWORD_MESSAGE_MS } from '@escudo/contract/browser';
import {
  PasswordAgainFields,
  useNeedsSecondStep,
  usePasswordAgainForm,
} from '../../../components/password-again.tsx';
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
  // which wrong password is being said (each restarts the 3 s); null: none
  const [wrongPasswordTry, setWrongPasswordTry] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { data: config } = useConfig();
  const passwordSentence = fillText(lostphoneTexts.wipePasswordRequired, {
    product: config?.brand_name ?? BRAND_NAME,
  });

  // spec 8: 'Contraseña incorrecta' for 3 s
  useEffect(() => {
    if (wrongPasswordTry === null) return;
    const timer = setTimeout(() => setWrongPasswordTry(null), WRONG_PASSWORD_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [wrongPasswordTry]);

  const confirmation = usePasswordAgainForm({
    // with two-step sign-in on, validatePass needs a code too (decision 035)
    asksCode: useNeedsSecondStep(),
    isPending: isSubmitting,
    onSubmit: async ({ password, code }) => {
      setFormError(null);
      setWrongPasswordTry(null);
      const result = await onConfirm(password, code);
      if (result.kind === 'error') return setFormError(result.message);
      // a wrong password, or the server asking it again: typed afresh
      confirmation.reset();
      if (result.kind === 'wrongPassword') setWrongPasswordTry((tries) => (tries ?? 0) + 1);
    },
  });

  return (
    <form onSubmit={confirmation.submit} noValidate>
      <DialogContent>
        <DialogDeviceHeader device={device} isOnline={isOnline} />
        {/* an order waiting for this phone (decision 043): seen, and cancellable, before another */}
        <PendingOrders device={device} types={['wipe']} placement="dialog" />
        <DialogNotice severity="warning" text={lostphoneTexts.wipeWarning} />
        <DialogNotice severity="info" text={isOnline === false ? lostphoneTexts.wipeOffline : null} />
        <DialogNotice severity="error" text={serverMessage} />
        <DialogNotice severity="error" text={formError} />
        <Box aria-live="assertive">
          <DialogNotice
            severity="error"
            text={wrongPasswordTry !== null ? lostphoneTexts.wipeWrongPassword : null}
          />
        </Box>
        <PasswordAgainFields
          form={confirmation}
          // spec 5: the sentence is the field's description, and its error once Enter was pressed empty
          texts={{
            passwordLabel: lostphoneTexts.wipePasswordLabel,
            passwordHelp: passwordSentence,
            passwordRequired: passwordSentence,
          }}
          autoFocus
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel}>{lostphoneTexts.cancel}</Button>
        <Button
          type="submit"
          variant="contained"
          color="error"
          disabled={!confirmation.isFilled}
          loading={isSubmitting}
        >
          {lostphoneTexts.wipeConfirm}
        </Button>
      </DialogActions>
    </form>
  );
}
