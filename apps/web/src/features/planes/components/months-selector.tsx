import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { PLAN_MONTHS, PLAN_MONTHS_DISCOUNT_PERCENT } from '@escudo/contract/browser';
import { fillText } from '../../../lib/format.ts';
import { planesTexts } from '../texts.ts';

export type PlanMonths = (typeof PLAN_MONTHS)[number];

export function monthsLabel(months: number): string {
  return months === 1 ? planesTexts.monthOne : fillText(planesTexts.monthsMany, { count: months });
}

/** spec 2/9: 1, 6 or 12 months; each longer period shows its discount. */
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
    <ToggleButtonGroup
      exclusive
      fullWidth
      size="small"
      color="primary"
      value={value}
      disabled={disabled}
      aria-label={planesTexts.monthsLabel}
      // a click on the selected one answers null: keep the choice
      onChange={(_event, next: PlanMonths | null) => {
        if (next !== null) onChange(next);
      }}
    >
      {PLAN_MONTHS.map((months) => {
        const percent = PLAN_MONTHS_DISCOUNT_PERCENT[months];
        return (
          <ToggleButton
            key={months}
            value={months}
            sx={{ flexDirection: 'column', lineHeight: 1.2, py: 0.75 }}
          >
            <span>{monthsLabel(months)}</span>
            {percent > 0 ? (
              // the button's own colour, not a faded one: small text needs 4.5:1 (WCAG 1.4.3)
              <span aria-hidden style={{ fontSize: 11 }}>
                {fillText(planesTexts.discount, { percent })}
              </span>
            ) : null}
          </ToggleButton>
        );
      })}
    </ToggleButtonGroup>
  );
}
