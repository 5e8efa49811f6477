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
import { useState } from 'react';
import type { DataExportStatus } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import {
  PasswordAgainFields,
  useNeedsSecondStep,
  usePasswordAgainForm,
} from '../../../components/password-again.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useDataExportStatus } from '../api/get-data-export-status.ts';
import { useRequestDataExport } from '../api/request-data-export.ts';
import { securityTexts as t } from '../texts.ts';
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
  const confirmation = usePasswordAgainForm({
    asksCode: useNeedsSecondStep(),
    isPending: request.isPending,
    // every refusal, a wrong password too, is said above the fields
    showsRefusalOnFields: false,
    onSubmit: async (values) => {
      await request.mutateAsync(values);
      onClose();
    },
  });

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
            confirmation.reset();
            request.reset();
          },
        },
      }}
    >
      <DialogTitle id="data-export-title">{t.exportDialogTitle}</DialogTitle>
      <form onSubmit={confirmation.submit} noValidate>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>{t.exportDialogIntro}</DialogContentText>
          {request.isError ? (
            <Alert severity="error" sx={{ mb: 2 }}>
              {describeErrorDetails(request.error).join(' ')}
            </Alert>
          ) : null}
          <PasswordAgainFields
            form={confirmation}
            texts={{ passwordLabel: t.exportPasswordLabel, passwordRequired: t.exportPasswordRequired }}
            autoFocus
          />
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
