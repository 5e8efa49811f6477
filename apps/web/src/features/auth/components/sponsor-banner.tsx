import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import CircularProgress from '@mui/material/CircularProgress';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import type { useSponsorById } from '../api/get-sponsor-by-id.ts';
import { authTexts } from '../texts.ts';

/** spec 2 (Register): the sponsor's name and the plan it gives at no cost, or why the code does not work. */
export function SponsorBanner({ sponsor }: { sponsor: ReturnType<typeof useSponsorById> }) {
  if (sponsor.isPending)
    return (
      <Alert severity="info" icon={<CircularProgress size={20} />}>
        {authTexts.sponsorChecking}
      </Alert>
    );
  if (sponsor.isError)
    return (
      <Alert severity="error" role="alert">
        {describeErrorDetails(sponsor.error).join(' ')}
      </Alert>
    );
  const { name, plan, months } = sponsor.data.sponsor;
  return (
    <Alert severity="success" role="status">
      <AlertTitle>{fillText(authTexts.sponsorFrom, { name })}</AlertTitle>
      {fillText(authTexts.sponsorPlan, {
        plan: plan.name,
        months:
          months === 1 ? authTexts.sponsorMonthOne : fillText(authTexts.sponsorMonths, { count: months }),
      })}
    </Alert>
  );
}
