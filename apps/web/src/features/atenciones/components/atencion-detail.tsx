import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import Share from '@mui/icons-material/Share';
import { useState } from 'react';
import type { AtencionDetail as Detail } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useAtencionDetail } from '../api/get-atencion-detail.ts';
import { useRevokeShare } from '../api/revoke-share.ts';
import { atencionesTexts } from '../texts.ts';
import { EvidenceVideo } from './evidence-video.tsx';
import { ShareEvidenceDialog } from './share-evidence-dialog.tsx';
import { NoteList } from './note-list.tsx';

/** The detail side of spec 2's Atenciones: Notas and Evidencias, and the evidence link (decision 019). */
export function AtencionDetail({ atencionId, onClose }: { atencionId: number; onClose: () => void }) {
  const detail = useAtencionDetail(atencionId);
  let content;
  if (detail.data) {
    content = <DetailContent atencion={detail.data.atencion} />;
  } else if (detail.isError) {
    content = (
      <ErrorState
        title={atencionesTexts.detailLoadError}
        message={describeErrorDetails(detail.error).join(' ')}
        onRetry={() => void detail.refetch()}
        isRetrying={detail.isFetching}
      />
    );
  } else {
    content = (
      <Stack spacing={1} aria-busy="true">
        <Skeleton width="60%" height={32} />
        <Skeleton />
        <Skeleton variant="rectangular" height={160} />
      </Stack>
    );
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={fillText(atencionesTexts.detailTitle, { id: atencionId })}
      sx={{ p: { xs: 2, sm: 3 }, position: 'relative' }}
    >
      <IconButton
        aria-label={atencionesTexts.closeDetail}
        onClick={onClose}
        size="small"
        sx={{ position: 'absolute', top: 8, right: 8 }}
      >
        <Close />
      </IconButton>
      {content}
    </Paper>
  );
}

function DetailContent({ atencion }: { atencion: Detail }) {
  const [isSharing, setIsSharing] = useState(false);
  const revoke = useRevokeShare(atencion.id);
  return (
    <Stack spacing={2}>
      <div>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, pr: 4 }}>
          {fillText(atencionesTexts.detailTitle, { id: atencion.id })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {fillText(atencionesTexts.detailMeta, {
            operator: atencion.admin.name,
            start: formatDateTime(atencion.start),
          })}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {atencion.end
            ? fillText(atencionesTexts.endedAt, { end: formatDateTime(atencion.end) })
            : atencionesTexts.inProgress}
        </Typography>
      </div>

      <Stack spacing={1}>
        <Button
          variant="contained"
          startIcon={<Share />}
          onClick={() => setIsSharing(true)}
          sx={{ alignSelf: 'flex-start' }}
        >
          {atencionesTexts.share}
        </Button>
        {atencion.share && (
          <Alert
            severity="info"
            action={
              <Button color="inherit" size="small" loading={revoke.isPending} onClick={() => revoke.mutate()}>
                {atencionesTexts.revoke}
              </Button>
            }
          >
            {fillText(atencionesTexts.activeShare, { date: formatDateTime(atencion.share.expires_at) })}
          </Alert>
        )}
        {revoke.isSuccess && !atencion.share && <Alert severity="success">{atencionesTexts.revoked}</Alert>}
        {revoke.isError && <Alert severity="error">{describeErrorDetails(revoke.error).join(' ')}</Alert>}
      </Stack>
      <ShareEvidenceDialog atencionId={atencion.id} open={isSharing} onClose={() => setIsSharing(false)} />

      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {atencionesTexts.notes}
      </Typography>
      <NoteList notes={atencion.notes} />

      <Divider />
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {atencionesTexts.evidence}
      </Typography>
      {atencion.evidence.length === 0 ? (
        <Typography color="text.secondary">{atencionesTexts.noEvidence}</Typography>
      ) : (
        <Stack spacing={3}>
          {atencion.evidence.map((item, index) => (
            <EvidenceVideo key={item.id} evidence={item} index={index} />
          ))}
        </Stack>
      )}
    </Stack>
  );
}
