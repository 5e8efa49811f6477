import { PLAN_MONTHS, PLAN_MONTHS_DISCOUNT_PERCENT } from '@escudo/contract/browser';
import { fillText } from '../../../lib/format.ts';
import { planesTexts } from '../texts.ts';
import './plan-card.css';

export type PlanMonths = (typeof PLAN_MONTHS)[number];

export function monthsLabel(months: number): string {
  return months === 1 ? planesTexts.monthOne : fillText(planesTexts.monthsMany, { count: months });
}

/**
 * spec 2/9: 1, 6 or 12 months; each longer period shows its discount. A group of toggle buttons
 * (aria-pressed) in plain markup (plan-card.css says why).
 */
export function MonthsSelector({
  value,
  onChange,
  disabled,
}: {
  value: PlanMonths;
  onChange: (months: PlanMonths) => void;
  disabled?: boolean;
}) {
  return (
    <div role="group" aria-label={planesTexts.monthsLabel} className="plan-months">
      {PLAN_MONTHS.map((months) => {
        const percent = PLAN_MONTHS_DISCOUNT_PERCENT[months];
        return (
          <button
            key={months}
            type="button"
            aria-pressed={months === value}
            disabled={disabled}
            onClick={() => onChange(months)}
          >
            <span>{monthsLabel(months)}</span>
            {percent > 0 ? (
              // the button's own colour, not a faded one: small text needs 4.5:1 (WCAG 1.4.3)
              <span aria-hidden className="plan-months-discount">
                {fillText(planesTexts.discount, { percent })}
              </span>
            ) : null}
          </button>
        );
      })}
    </div>
  );
}
