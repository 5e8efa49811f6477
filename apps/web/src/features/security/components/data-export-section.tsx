import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState, type FormEvent } from 'react';
import type { DataExportStatus } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useDataExportStatus } from '../api/get-data-export-status.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';
import { securityTexts as t } from '../texts.ts';
import { SecondStepCodeField, useNeedsSecondStep } from '../../../components/second-step-code-field.tsx';
import { SecuritySection } from './security-section.tsx';

/**
 * 'Descargar mis datos' (decision 037): asks for a ZIP of my data with my password; while it is
 * prepared the section says an e-mail will come (and checks again now and then), then offers
 * 'Descargar' until the link expires; one copy a day, so it says from when the next may be asked.
 */
export function DataExportSection() {
  const status = useDataExportStatus();
  const [isDialogOpen, setIsDialogOpen] = useState(false);
  return (
    <SecuritySection title={t.exportTitle} description={t.exportDescription}>
      {status.isPending ? (
        <div aria-hidden>
          <Skeleton variant="text" width="70%" />
          <Skeleton variant="rounded" width={200} height={36} sx={{ mt: 1 }} />
        </div>
      ) : status.isError ? (
        <ErrorState
          title={t.exportLoadFailed}
          onRetry={() => void status.refetch()}
          isRetrying={status.isFetching}
        />
      ) : (
        <ExportState status={status.data} onStart={() => setIsDialogOpen(true)} />
      )}
      <DataExportDialog open={isDialogOpen} onClose={() => setIsDialogOpen(false)} />
    </SecuritySection>
  );
}

function ExportState({ status, onStart }: { status: DataExportStatus; onStart: () => void }) {
  const canAsk = status.next_allowed_at === null && status.state !== 'preparing';
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      {status.state === 'preparing' ? (
        <Alert severity="info" icon={<CircularProgress size={20} aria-hidden />} sx={{ width: '100%' }}>
          {t.exportPreparing}
        </Alert>
      ) : null}
      {status.state === 'ready' && status.download_url && status.expires_at ? (
        <Alert
          severity="success"
          sx={{ width: '100%', flexWrap: 'wrap' }}
          action={
            <Button color="inherit" size="small" component="a" href={status.download_url} download>
              {t.exportDownload}
            </Button>
          }
        >
          {fillText(t.exportReady, { until: formatDateTime(status.expires_at) })}
        </Alert>
      ) : null}
      {status.state === 'expired' ? <Typography color="text.secondary">{t.exportExpired}</Typography> : null}
      {status.state === 'failed' ? (
        <Alert severity="warning" sx={{ width: '100%' }}>
          {t.exportFailed}
        </Alert>
      ) : null}
      {canAsk ? (
        <Button variant="contained" onClick={onStart}>
          {t.exportStart}
        </Button>
      ) : status.next_allowed_at ? (
        <Typography color="text.secondary">
          {fillText(t.exportNextAllowed, { next: formatDateTime(status.next_allowed_at) })}
        </Typography>
      ) : null}
    </Stack>
  );
}

/** The password confirmation; the button shows progress and cannot be pressed twice. */
function DataExportDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const request = useRequestDataExport();
  const [password, setPassword] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const needsCode = useNeedsSecondStep();
  const [code, setCode] = useState('');
  const [isCodeMissing, setIsCodeMissing] = useState(false);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (request.isPending) return;
    const isCodeEmpty = needsCode && code.trim() === '';
    if (!password || isCodeEmpty) {
      setIsMissing(!password);
      setIsCodeMissing(isCodeEmpty);
      return;
    }
    request.mutate(
      { password, ...(needsCode ? { code: code.trim() } : {}) },
      // a code works once: whatever the answer, the next try needs a fresh one
      { onSuccess: onClose, onSettled: () => setCode('') },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={request.isPending ? undefined : onClose}
      fullWidth
      maxWidth="xs"
      aria-labelledby="data-export-title"
      slotProps={{
        // a fresh dialog each time: no password or message left from the previous opening
        transition: {
          onExited: () => {
            setPassword('');
            setIsMissing(false);
            setCode('');
            setIsCodeMissing(false);
            request.reset();
          },
        },
      }}
    >
      <DialogTitle id="data-export-title">{t.exportDialogTitle}</DialogTitle>
      <form onSubmit={onSubmit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.exportDialogIntro}</DialogContentText>
          {request.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeErrorDetails(request.error).join(' ')}
            </Alert>
          ) : null}
          <PasswordField
            id="data-export-password"
            label={t.exportPasswordLabel}
            autoComplete="current-password"
            autoFocus
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setIsMissing(false);
            }}
            error={isMissing}
            helperText={isMissing ? t.exportPasswordRequired : undefined}
          />
          {needsCode ? (
            <Stack sx={{ mt: 2 }}>
              <SecondStepCodeField
                value={code}
                onChange={(value) => {
                  setCode(value);
                  setIsCodeMissing(false);
                }}
                isMissing={isCodeMissing}
              />
            </Stack>
          ) : null}
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} disabled={request.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={request.isPending}>
            {t.exportSubmit}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
