import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import type { AccountReview } from '@escudo/contract';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { Logo } from '../../../components/logo.tsx';
import { NewPasswordForm } from '../../../components/new-password-form.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useUser } from '../../../lib/session/user-details.ts';
import { useAccountReview } from '../api/get-account-review.ts';
import { useChooseReviewPassword } from '../api/choose-review-password.ts';
import { useDecideReviewItem } from '../api/decide-review-item.ts';
import { accountReviewTexts as t } from '../texts.ts';

type Kind = 'device' | 'member' | 'membership';

/**
 * `/revisar-cuenta` (decision 050): shown before anything else once the owner of the mailbox proved it
 * for the first time on an account made before. First a password, when the proof dropped it; then
 * "¿Es tuyo?" for each phone, network member or invitation, and network membership made before.
 * Every answer is sent on its own and the item leaves the list; once nothing is left the panel opens.
 */
export function AccountReviewPage({
  actions,
}: {
  /** beside the logo: the shell's 'Cerrar Sesión' */ actions?: ReactNode;
}) {
  const review = useAccountReview();
  const user = useUser();

  let content: ReactNode;
  if (review.isPending || user.isPending) content = <PageLoader minHeight="40vh" label={t.title} />;
  else if (review.isError)
    content = (
      <ErrorState
        title={t.loadFailed}
        message={describeErrorDetails(review.error).join(' ')}
        onRetry={() => void review.refetch()}
        isRetrying={review.isFetching}
      />
    );
  else content = <ReviewSteps review={review.data} email={user.data?.email ?? ''} />;

  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        px: 2,
        py: { xs: 3, sm: 6 },
        background: 'linear-gradient(160deg, #fdecea 0%, #f5f5f6 45%)',
      }}
    >
      <DocumentTitle title={t.title} />
      <Stack spacing={3} sx={{ maxWidth: 720, mx: 'auto' }}>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', gap: 2 }}>
          <Logo size={40} />
          {actions}
        </Stack>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
          {t.title}
        </Typography>
        {content}
      </Stack>
    </Box>
  );
}

function ReviewSteps({ review, email }: { review: AccountReview; email: string }) {
  const choose = useChooseReviewPassword();
  const decide = useDecideReviewItem();

  if (!review.pending) {
    return (
      <Stack spacing={2.5}>
        <Alert severity="success" role="status">
          <AlertTitle>{t.doneTitle}</AlertTitle>
          {t.doneText}
        </Alert>
        <Button component={RouterLink} to="/" variant="contained" size="large">
          {t.goToPanel}
        </Button>
      </Stack>
    );
  }

  const answerFor = (kind: Kind, id: number) => ({
    isBusy: decide.isPending && decide.variables.kind === kind && decide.variables.id === id,
    failure:
      decide.isError && decide.variables.kind === kind && decide.variables.id === id
        ? describeErrorDetails(decide.error).join(' ')
        : null,
    onAnswer: (keep: boolean) => decide.mutate({ kind, id, keep }),
  });

  return (
    <Stack spacing={3}>
      <Typography color="text.secondary">{t.intro}</Typography>
      {review.password_needed ? (
        <Section title={t.passwordTitle}>
          <NewPasswordForm
            email={email}
            idPrefix="review"
            intro={<Typography color="text.secondary">{t.passwordIntro}</Typography>}
            failure={
              choose.isError ? (
                <Alert severity="error">{describeErrorDetails(choose.error).join(' ')}</Alert>
              ) : null
            }
            submitLabel={t.passwordSubmit}
            isPending={choose.isPending}
            onSubmit={(values) => choose.mutate(values)}
          />
        </Section>
      ) : choose.isSuccess ? (
        <Alert severity="success" role="status">
          {t.passwordSaved}
        </Alert>
      ) : null}
      {review.devices.length > 0 ? (
        <Section title={t.devicesTitle}>
          {review.devices.map((device) => (
            <ReviewItem
              key={device.id}
              label={`${device.device_brand} ${device.device_name} (${device.device_model})`}
              detail={fillText(t.deviceRegistered, { date: formatDateTime(device.created_at) })}
              removeLabel={t.removeDevice}
              {...answerFor('device', device.id)}
            />
          ))}
        </Section>
      ) : null}
      {review.members.length > 0 ? (
        <Section title={t.membersTitle}>
          {review.members.map((member) => (
            <ReviewItem
              key={member.id}
              label={`${member.name} · ${member.email}`}
              detail={`${member.status === 'aceptada' ? t.memberAccepted : t.memberPending}. ${fillText(
                t.memberInvited,
                {
                  date: formatDateTime(member.created_at),
                },
              )}`}
              removeLabel={t.removeMember}
              {...answerFor('member', member.id)}
            />
          ))}
        </Section>
      ) : null}
      {review.memberships.length > 0 ? (
        <Section title={t.membershipsTitle}>
          {review.memberships.map((membership) => (
            <ReviewItem
              key={membership.id}
              label={`${fillText(t.membershipOf, { name: membership.owner_name })} · ${membership.owner_email}`}
              detail={
                membership.accepted_at
                  ? fillText(t.membershipJoined, { date: formatDateTime(membership.accepted_at) })
                  : null
              }
              removeLabel={t.removeMembership}
              {...answerFor('membership', membership.id)}
            />
          ))}
        </Section>
      ) : null}
    </Stack>
  );
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper
      component="section"
      aria-label={title}
      variant="outlined"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Typography variant="h6" component="h2" sx={{ mb: 2, fontWeight: 600 }}>
        {title}
      </Typography>
      <Stack spacing={2}>{children}</Stack>
    </Paper>
  );
}

function ReviewItem({
  label,
  detail,
  removeLabel,
  isBusy,
  failure,
  onAnswer,
}: {
  label: string;
  detail: string | null;
  removeLabel: string;
  isBusy: boolean;
  failure: string | null;
  onAnswer: (keep: boolean) => void;
}) {
  return (
    <Box
      role="group"
      aria-label={label}
      sx={{ borderTop: 1, borderColor: 'divider', pt: 2, '&:first-of-type': { borderTop: 0, pt: 0 } }}
    >
      <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{label}</Typography>
      {detail ? (
        <Typography variant="body2" color="text.secondary">
          {detail}
        </Typography>
      ) : null}
      <Typography sx={{ mt: 1 }}>{t.question}</Typography>
      {failure ? (
        <Alert severity="error" sx={{ mt: 1 }}>
          {failure}
        </Alert>
      ) : null}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1 }}>
        <Button variant="outlined" disabled={isBusy} onClick={() => onAnswer(true)}>
          {t.keep}
        </Button>
        <Button variant="contained" color="error" loading={isBusy} onClick={() => onAnswer(false)}>
          {removeLabel}
        </Button>
      </Stack>
    </Box>
  );
}
