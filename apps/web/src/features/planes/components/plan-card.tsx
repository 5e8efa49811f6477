import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import './plan-card.css';

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
    <article aria-labelledby={nameId} className={isCurrent ? 'plan-card plan-card--current' : 'plan-card'}>
      <div className="plan-card-picture">
        {plan.image ? <img src={plan.image} alt="" width={96} height={96} /> : null}
      </div>
      <div className="plan-card-body">
        <div>
          <h3 id={nameId} className="plan-card-name">
            {plan.name}
          </h3>
          {isCurrent ? <ExpiryChip expiresAt={expiresAt ?? null} /> : null}
        </div>
        <p className="plan-card-description">{plan.description}</p>
        <ul className="plan-card-list">
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
        </ul>
        <hr className="plan-card-divider" />
        <h4 className="plan-card-heading">{planesTexts.includesTitle}</h4>
        <ul className="plan-card-list">
          {plan.includes.map((item) => (
            <Feature key={item.id} icon={<CheckCircle fontSize="small" />} isIncluded>
              {item.name}
            </Feature>
          ))}
        </ul>
        <div className="plan-card-grow" />
        <hr className="plan-card-divider" />
        <p className="plan-card-price">
          {fillText(planesTexts.pricePerMonth, { price: formatPesos(plan.price) })}
        </p>
        <MonthsSelector value={months} onChange={setMonths} disabled={payment.isPaying} />
        <div aria-live="polite" className="plan-card-total">
          <p className="plan-card-small">{planesTexts.totalLabel}</p>
          {quote.isError && !quote.data ? (
            <div className="plan-card-quote-failed">
              <span>{planesTexts.quoteFailed}</span>
              <Button size="small" onClick={() => void quote.refetch()} loading={quote.isFetching}>
                {planesTexts.retry}
              </Button>
            </div>
          ) : quote.data ? (
            <div className={hasQuote ? 'plan-card-quote' : 'plan-card-quote plan-card-quote--stale'}>
              <p className="plan-card-amount">{formatPesos(quote.data.amount)}</p>
              <p className="plan-card-small">{quote.data.detail}</p>
            </div>
          ) : (
            <div aria-hidden>
              <span className="skeleton" style={{ width: 140, height: 32, margin: '8px 0' }} />
              <span className="skeleton" style={{ height: 14, margin: '3px 0' }} />
            </div>
          )}
        </div>
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
      </div>
    </article>
  );
}

function Feature({
  icon,
  isIncluded = false,
  children,
}: {
  icon: ReactNode;
  /** a feature the plan includes: a green check */
  isIncluded?: boolean;
  children: ReactNode;
}) {
  return (
    <li>
      <span
        aria-hidden
        className={isIncluded ? 'plan-card-list-icon plan-card-list-icon--included' : 'plan-card-list-icon'}
      >
        {icon}
      </span>
      <span>{children}</span>
    </li>
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
