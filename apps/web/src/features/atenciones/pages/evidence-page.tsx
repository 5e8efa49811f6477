/**
 * The shared evidence page `/evidencia/{token}` (decision 019): what an operator recorded in one
 * atención, for the police or an insurer, with no sign-in. Each video plays from a signed short-lived
 * link and shows its SHA-256 and size, so a receiver can show the file was not altered. A revoked or
 * expired link says so, and nothing else.
 */
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useParams } from 'react-router';
import type { PublicEvidence } from '@escudo/contract';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Logo } from '../../../components/logo.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeErrorDetails, isApiRequestError } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { usePublicEvidence } from '../api/get-public-evidence.ts';
import { EvidenceVideo } from '../components/evidence-video.tsx';
import { atencionesTexts } from '../texts.ts';
import { NoteList } from '../components/note-list.tsx';

export function EvidencePage() {
  const { token = '' } = useParams();
  const evidence = usePublicEvidence(token);

  let content;
  if (evidence.data) {
    content = <EvidenceDetails evidence={evidence.data} />;
  } else if (evidence.isError) {
    const status = isApiRequestError(evidence.error) ? evidence.error.status : 0;
    content =
      status === 404 || status === 410 ? (
        <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
          <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
            {status === 404 ? atencionesTexts.notFoundTitle : atencionesTexts.expiredTitle}
          </Typography>
          <Typography color="text.secondary">
            {status === 404 ? atencionesTexts.notFoundText : atencionesTexts.expiredText}
          </Typography>
        </Paper>
      ) : (
        <ErrorState
          title={atencionesTexts.publicLoadError}
          message={describeErrorDetails(evidence.error).join(' ')}
          onRetry={() => void evidence.refetch()}
          isRetrying={evidence.isFetching}
        />
      );
  } else {
    content = <PageLoader />;
  }

  return (
    <Box component="main" sx={{ maxWidth: 880, mx: 'auto', px: { xs: 2, sm: 3 }, py: { xs: 2, sm: 4 } }}>
      <DocumentTitle title={atencionesTexts.publicTitle} />
      <Box sx={{ mb: 2 }}>
        <Logo />
      </Box>
      {content}
    </Box>
  );
}

function EvidenceDetails({ evidence }: { evidence: PublicEvidence }) {
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="overline" color="text.secondary">
          {atencionesTexts.publicTitle}
        </Typography>
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1, overflowWrap: 'anywhere' }}>
          {fillText(atencionesTexts.publicHeading, { name: evidence.customer.name })}
        </Typography>
        <Typography>{fillText(atencionesTexts.publicMeta, { operator: evidence.admin.name })}</Typography>
        <Typography>
          {fillText(atencionesTexts.publicStart, { date: formatDateTime(evidence.start) })}
        </Typography>
        <Typography>
          {evidence.end
            ? fillText(atencionesTexts.publicEnd, { date: formatDateTime(evidence.end) })
            : atencionesTexts.inProgress}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {fillText(atencionesTexts.publicExpires, { date: formatDateTime(evidence.expires_at) })}
        </Typography>
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {atencionesTexts.notes}
        </Typography>
        <NoteList notes={evidence.notes} hasDividers />
      </Paper>

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {atencionesTexts.evidence}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
          {atencionesTexts.publicIntegrity}
        </Typography>
        {evidence.evidence.length === 0 ? (
          <Typography color="text.secondary">{atencionesTexts.noEvidence}</Typography>
        ) : (
          <Stack spacing={3}>
            {evidence.evidence.map((item, index) => (
              <EvidenceVideo key={item.id} evidence={item} index={index} />
            ))}
          </Stack>
        )}
      </Paper>
    </Stack>
  );
}
