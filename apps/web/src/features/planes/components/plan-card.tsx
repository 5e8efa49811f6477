import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import Event from '@mui/icons-material/Event';
import Groups from '@mui/icons-material/Groups';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import { useId, useState, type ReactNode } from 'react';
import type { Plan } from '@escudo/contract';
import { DEFAULT_PLAN_MONTHS } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useToPayData } from '../api/get-to-pay-data.ts';
import { formatDate, formatPesos } from '../format.ts';
import { planesTexts } from '../texts.ts';
import { MonthsSelector, type PlanMonths } from './months-selector.tsx';
import { SandboxNotice } from './sandbox-notice.tsx';

export interface PlanCardPayment {
  /** this card's payment is being started (or the browser is leaving for Flow) */
  isPaying: boolean;
  /** another card's payment is: this one waits */
  isBlocked: boolean;
  error: unknown;
}

/**
 * One plan (spec 2 Planes): picture, name, description, network and device limits, features, monthly
 * price, the months selector (default 6), the amount to pay with its detail, and 'Renovar' on the
 * current plan or 'Actualizar' on the others.
 */
export function PlanCard({
  plan,
  isCurrent,
  expiresAt,
  payment,
  isSandbox = false,
  onPay,
}: {
  plan: Plan;
  isCurrent: boolean;
  /** the current plan's expiry (ISO), null when it never expires */
  expiresAt?: string | null;
  payment: PlanCardPayment;
  /** payments go to the built-in sandbox: the button says they are tests */
  isSandbox?: boolean;
  onPay: (months: PlanMonths) => void;
}) {
  const nameId = useId();
  const [months, setMonths] = useState<PlanMonths>(DEFAULT_PLAN_MONTHS);
  const quote = useToPayData({ plan_id: plan.id, months_paid: months });
  const hasQuote = quote.data !== undefined && !quote.isPlaceholderData;

  return (
    <Card
      component="article"
      aria-labelledby={nameId}
      variant="outlined"
      sx={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        borderColor: isCurrent ? 'primary.main' : undefined,
        borderWidth: isCurrent ? 2 : 1,
      }}
    >
      <Box
        sx={{
          bgcolor: isCurrent ? '#fdecea' : 'grey.100',
          display: 'grid',
          placeItems: 'center',
          py: 2,
        }}
      >
        {plan.image ? (
          <Box component="img" src={plan.image} alt="" width={96} height={96} sx={{ display: 'block' }} />
        ) : null}
      </Box>
      <Box sx={{ p: 2.5, display: 'flex', flexDirection: 'column', gap: 1.5, flexGrow: 1 }}>
        <Box>
          <Typography id={nameId} variant="h5" component="h3" sx={{ fontWeight: 700 }}>
            {plan.name}
          </Typography>
          {isCurrent ? <ExpiryChip expiresAt={expiresAt ?? null} /> : null}
        </Box>
        <Typography color="text.secondary">{plan.description}</Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          <Feature icon={<Groups fontSize="small" />}>
            {plan.max_red === 1
              ? planesTexts.maxRedOne
              : fillText(planesTexts.maxRed, { count: plan.max_red })}
          </Feature>
          <Feature icon={<PhoneAndroid fontSize="small" />}>
            {plan.max_devices === 1
              ? planesTexts.maxDevicesOne
              : fillText(planesTexts.maxDevices, { count: plan.max_devices })}
          </Feature>
        </Box>
        <Divider />
        <Typography component="h4" variant="subtitle2" sx={{ fontWeight: 700 }}>
          {planesTexts.includesTitle}
        </Typography>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: 0.75 }}>
          {plan.includes.map((item) => (
            <Feature key={item.id} icon={<CheckCircle fontSize="small" color="success" />}>
              {item.name}
            </Feature>
          ))}
        </Box>
        <Box sx={{ flexGrow: 1 }} />
        <Divider />
        <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
          {fillText(planesTexts.pricePerMonth, { price: formatPesos(plan.price) })}
        </Typography>
        <MonthsSelector value={months} onChange={setMonths} disabled={payment.isPaying} />
        <Box aria-live="polite" sx={{ minHeight: 84 }}>
          <Typography variant="body2" color="text.secondary">
            {planesTexts.totalLabel}
          </Typography>
          {quote.isError && !quote.data ? (
            <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography color="error">{planesTexts.quoteFailed}</Typography>
              <Button size="small" onClick={() => void quote.refetch()} loading={quote.isFetching}>
                {planesTexts.retry}
              </Button>
            </Box>
          ) : quote.data ? (
            <Box sx={{ opacity: hasQuote ? 1 : 0.5, transition: 'opacity .2s' }}>
              <Typography variant="h4" component="p" sx={{ fontWeight: 800, color: 'primary.main' }}>
                {formatPesos(quote.data.amount)}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {quote.data.detail}
              </Typography>
            </Box>
          ) : (
            <Box aria-hidden>
              <Skeleton variant="text" width={140} height={48} />
              <Skeleton variant="text" />
            </Box>
          )}
        </Box>
        {payment.error ? (
          <Alert severity="error">
            <strong>{planesTexts.paymentError}</strong>. {describeErrorDetails(payment.error).join(' ')}
          </Alert>
        ) : null}
        <Button
          variant={isCurrent ? 'outlined' : 'contained'}
          size="large"
          fullWidth
          disabled={!hasQuote || payment.isBlocked}
          loading={payment.isPaying}
          loadingPosition="start"
          onClick={() => onPay(months)}
        >
          {isCurrent ? planesTexts.renew : planesTexts.upgrade}
        </Button>
        {isSandbox ? <SandboxNotice variant="inline" /> : null}
      </Box>
    </Card>
  );
}

function Feature({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Box component="li" sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
      <Box aria-hidden sx={{ display: 'flex', color: 'text.secondary', mt: '1px' }}>
        {icon}
      </Box>
      <Typography variant="body2">{children}</Typography>
    </Box>
  );
}

function ExpiryChip({ expiresAt }: { expiresAt: string | null }) {
  // judged when the page opened: nobody watches a plan expire on screen
  const [openedAt] = useState(() => Date.now());
  const isExpired = expiresAt !== null && new Date(expiresAt).getTime() < openedAt;
  const label =
    expiresAt === null
      ? planesTexts.noExpiry
      : fillText(isExpired ? planesTexts.expiredOn : planesTexts.expiresOn, { date: formatDate(expiresAt) });
  return (
    <Chip
      icon={<Event />}
      label={label}
      size="small"
      color={isExpired ? 'error' : 'default'}
      variant="outlined"
      sx={{ mt: 0.75 }}
    />
  );
}
