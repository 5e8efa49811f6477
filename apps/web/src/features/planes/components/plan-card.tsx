import { useId, useState, type ReactNode } from 'react';
import type { Plan, UserPlan } from '@escudo/contract';
import { DEFAULT_PLAN_MONTHS } from '@escudo/contract/browser';
import { Icon } from '../../../components/icon.tsx';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useToPayData } from '../api/get-to-pay-data.ts';
import { formatCalendarDate, formatPesos } from '../format.ts';
import { planesTexts } from '../texts.ts';
import { MonthsSelector, type PlanMonths } from './months-selector.tsx';
import { SandboxNotice } from './sandbox-notice.tsx';
import './plan-card.css';

// the paths of @mui/icons-material's Groups, PhoneAndroid, CheckCircle and Event (MIT): MUI's SvgIcon
// is a styled component, and a card drew a dozen of them (decision 017's addenda)
const ICONS = {
  groups:
    'M12 12.75c1.63 0 3.07.39 4.24.9 1.08.48 1.76 1.56 1.76 2.73V18H6v-1.61c0-1.18.68-2.26 1.76-2.73 1.17-.52 2.61-.91 4.24-.91M4 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m1.13 1.1c-.37-.06-.74-.1-1.13-.1-.99 0-1.93.21-2.78.58C.48 14.9 0 15.62 0 16.43V18h4.5v-1.61c0-.83.23-1.61.63-2.29M20 13c1.1 0 2-.9 2-2s-.9-2-2-2-2 .9-2 2 .9 2 2 2m4 3.43c0-.81-.48-1.53-1.22-1.85-.85-.37-1.79-.58-2.78-.58-.39 0-.76.04-1.13.1.4.68.63 1.46.63 2.29V18H24zM12 6c1.66 0 3 1.34 3 3s-1.34 3-3 3-3-1.34-3-3 1.34-3 3-3',
  phone:
    'M16 1H8C6.34 1 5 2.34 5 4v16c0 1.66 1.34 3 3 3h8c1.66 0 3-1.34 3-3V4c0-1.66-1.34-3-3-3m-2 20h-4v-1h4zm3.25-3H6.75V4h10.5z',
  check:
    'M12 2C6.48 2 2 6.48 2 12s4.48 10 10 10 10-4.48 10-10S17.52 2 12 2m-2 15-5-5 1.41-1.41L10 14.17l7.59-7.59L19 8z',
  event:
    'M17 12h-5v5h5zM16 1v2H8V1H6v2H5c-1.11 0-1.99.9-1.99 2L3 19c0 1.1.89 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2h-1V1zm3 18H5V8h14z',
};

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
  expiry,
  payment,
  isSandbox = false,
  onPay,
}: {
  plan: Plan;
  isCurrent: boolean;
  /** the current plan's expiry, as user details gives it */
  expiry?: Pick<UserPlan, 'expires_at' | 'expires_on'> | undefined;
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
          {isCurrent && expiry ? <ExpiryChip expiry={expiry} /> : null}
        </div>
        <p className="plan-card-description">{plan.description}</p>
        <ul className="plan-card-list">
          <Feature icon={ICONS.groups}>
            {plan.max_red === 1
              ? planesTexts.maxRedOne
              : fillText(planesTexts.maxRed, { count: plan.max_red })}
          </Feature>
          <Feature icon={ICONS.phone}>
            {plan.max_devices === 1
              ? planesTexts.maxDevicesOne
              : fillText(planesTexts.maxDevices, { count: plan.max_devices })}
          </Feature>
        </ul>
        <hr className="plan-card-divider" />
        <h4 className="plan-card-heading">{planesTexts.includesTitle}</h4>
        <ul className="plan-card-list">
          {plan.includes.map((item) => (
            <Feature key={item.id} icon={ICONS.check} isIncluded>
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
              <PlainButton
                variant="text"
                size="small"
                onClick={() => void quote.refetch()}
                loading={quote.isFetching}
              >
                {planesTexts.retry}
              </PlainButton>
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
          <PlainAlert severity="error">
            <strong>{planesTexts.paymentError}</strong>. {describeErrorDetails(payment.error).join(' ')}
          </PlainAlert>
        ) : null}
        <PlainButton
          variant={isCurrent ? 'outlined' : 'contained'}
          size="large"
          fullWidth
          disabled={!hasQuote || payment.isBlocked}
          loading={payment.isPaying}
          onClick={() => onPay(months)}
        >
          {isCurrent ? planesTexts.renew : planesTexts.upgrade}
        </PlainButton>
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
  /** an icon's SVG path */
  icon: string;
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
        <Icon path={icon} />
      </span>
      <span>{children}</span>
    </li>
  );
}

function ExpiryChip({ expiry }: { expiry: Pick<UserPlan, 'expires_at' | 'expires_on'> }) {
  // judged when the page opened: nobody watches a plan expire on screen
  const [openedAt] = useState(() => Date.now());
  const { expires_at: expiresAt, expires_on: expiresOn } = expiry;
  const isExpired = expiresAt !== null && new Date(expiresAt).getTime() < openedAt;
  const label =
    expiresOn === null
      ? planesTexts.noExpiry
      : fillText(isExpired ? planesTexts.expiredOn : planesTexts.expiresOn, {
          date: formatCalendarDate(expiresOn),
        });
  // MUI's small outlined Chip with its icon, as it drew (plan-card.css)
  return (
    <span className={isExpired ? 'plan-card-expiry plan-card-expiry--expired' : 'plan-card-expiry'}>
      <Icon path={ICONS.event} />
      <span>{label}</span>
    </span>
  );
}
