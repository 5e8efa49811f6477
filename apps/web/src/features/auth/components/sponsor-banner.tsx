import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import type { useSponsorById } from '../api/get-sponsor-by-id.ts';
import { authTexts } from '../texts.ts';
import { PlainAlert } from '../../../components/plain-alert.tsx';

/**
 * spec 2 (Register): the sponsor's name and the plan it gives at no cost, or why the code does not
 * work. Plain HTML like the rest of Register (docs/decisions/017).
 */
export function SponsorBanner({ sponsor }: { sponsor: ReturnType<typeof useSponsorById> }) {
  if (sponsor.isPending)
    return (
      <PlainAlert severity="info" isChecking>
        {authTexts.sponsorChecking}
      </PlainAlert>
    );
  if (sponsor.isError)
    return (
      <PlainAlert severity="error" role="alert">
        {describeErrorDetails(sponsor.error).join(' ')}
      </PlainAlert>
    );
  const { name, plan, months } = sponsor.data.sponsor;
  return (
    <PlainAlert severity="success" role="status" title={fillText(authTexts.sponsorFrom, { name })}>
      {fillText(authTexts.sponsorPlan, {
        plan: plan.name,
        months:
          months === 1 ? authTexts.sponsorMonthOne : fillText(authTexts.sponsorMonths, { count: months }),
      })}
    </PlainAlert>
  );
}
