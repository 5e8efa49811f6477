import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { useStartTwoFactor } from '../api/start-two-factor.ts';
import { securityTexts } from '../texts.ts';
import { RecoveryCodes } from './recovery-codes.tsx';
import { SecuritySection } from './security-section.tsx';
import { TwoFactorDisableDialog } from './two-factor-disable-dialog.tsx';
import { TwoFactorSetup } from './two-factor-setup.tsx';
import { TwoFactorPasswordStep } from './two-factor-password-step.tsx';

/**
 * Two-step sign-in (decision 035): off → 'Activar' → the password → QR code and a code → the
 * recovery codes, shown once → on ('Activada', 'Desactivar' with password and code).
 */
export function TwoFactorSection() {
  const user = useSignedInUser();
  const start = useStartTwoFactor();
  const [setup, setSetup] = useState<{ secret: string; otpauth_url: string } | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [isDisableOpen, setIsDisableOpen] = useState(false);
  const [isAskingPassword, setIsAskingPassword] = useState(false);
  const isOn = user.two_factor_enabled;

  let content;
  if (recoveryCodes) {
    content = (
      <RecoveryCodes codes={recoveryCodes} email={user.email} onDone={() => setRecoveryCodes(null)} />
    );
  } else if (setup && !isOn) {
    content = (
      <TwoFactorSetup
        setup={setup}
        onConfirmed={(codes) => {
          setSetup(null);
          setRecoveryCodes(codes);
        }}
        onCancel={() => {
          setSetup(null);
          start.reset();
        }}
        // the secret is no longer good: back to the password, for a new one
        onRestart={() => {
          setSetup(null);
          start.reset();
          setIsAskingPassword(true);
        }}
      />
    );
  } else if (isAskingPassword && !isOn) {
    content = (
      <TwoFactorPasswordStep
        isPending={start.isPending}
        error={start.error}
        onSubmit={async (password) => {
          const started = await start.mutateAsync(password);
          setIsAskingPassword(false);
          setSetup(started);
        }}
        onCancel={() => {
          setIsAskingPassword(false);
          start.reset();
        }}
      />
    );
  } else {
    content = (
      <Stack spacing={2}>
        <Stack direction="row" spacing={1.5} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            label={isOn ? securityTexts.twoFactorOn : securityTexts.twoFactorOff}
            color={isOn ? 'success' : 'default'}
            variant={isOn ? 'filled' : 'outlined'}
          />
          {isOn ? (
            <Button variant="outlined" color="error" onClick={() => setIsDisableOpen(true)}>
              {securityTexts.twoFactorDeactivate}
            </Button>
          ) : (
            <Button variant="contained" onClick={() => setIsAskingPassword(true)}>
              {securityTexts.twoFactorActivate}
            </Button>
          )}
        </Stack>
        {isOn ? <Typography color="text.secondary">{securityTexts.twoFactorOnText}</Typography> : null}
      </Stack>
    );
  }

  return (
    <SecuritySection title={securityTexts.twoFactorTitle} description={securityTexts.twoFactorDescription}>
      {content}
      <TwoFactorDisableDialog open={isDisableOpen} onClose={() => setIsDisableOpen(false)} />
    </SecuritySection>
  );
}
