import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { lazy, Suspense } from 'react';
import { SPANISH_MONTH_NAMES, commissionOf } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatPesos } from '../../../lib/format.ts';
import { useSalesData } from '../api/get-sales-data.ts';
import { useSalesResumen } from '../api/get-sales-resumen.ts';
import { BankAccountForm } from './bank-account-form.tsx';
import { ReferralLink } from './referral-link.tsx';
import { salesTexts as t } from '../texts.ts';

// Chart.js comes with this component only, fetched when the summary first shows (decision 016)
const SalesCharts = lazy(() => import('./sales-charts.tsx').then((m) => ({ default: m.SalesCharts })));

/** Resumen (spec 2 Sales): my code and link, a month's figures and charts, and the payout account. */
export function SummaryTab({
  code,
  month,
  onMonth,
  onCopied,
}: {
  code: string;
  month: number;
  onMonth: (month: number) => void;
  onCopied: (ok: boolean) => void;
}) {
  const resumen = useSalesResumen(month);
  const salesData = useSalesData();
  const data = resumen.data;
  const percent = data?.referred_comision ?? salesData.data?.referred_comision ?? 0;

  return (
    <Stack spacing={3}>
      <ReferralLink code={code} onCopied={onCopied} />

      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ justifyContent: 'space-between', alignItems: { sm: 'center' }, mb: 2 }}
        >
          <Typography variant="h6" component="h2" sx={{ fontWeight: 600 }}>
            {data
              ? fillText(t.periodTitle, {
                  month: SPANISH_MONTH_NAMES[data.current_month - 1]!,
                  year: data.year,
                })
              : SPANISH_MONTH_NAMES[month - 1]}
          </Typography>
          <TextField
            select
            id="sales-month"
            label={t.monthLabel}
            value={String(month)}
            onChange={(event) => onMonth(Number(event.target.value))}
            size="small"
            sx={{ width: { xs: '100%', sm: 220 }, flexShrink: 0 }}
          >
            {SPANISH_MONTH_NAMES.map((name, i) => (
              <MenuItem key={name} value={String(i + 1)}>
                {name}
              </MenuItem>
            ))}
          </TextField>
        </Stack>

        {resumen.isError && !data ? (
          <Alert
            severity="error"
            action={
              <Button color="inherit" size="small" onClick={() => void resumen.refetch()}>
                {t.retry}
              </Button>
            }
          >
            {t.summaryFailed} {describeErrorDetails(resumen.error).join(' ')}
          </Alert>
        ) : (
          <Box
            component="dl"
            aria-busy={resumen.isFetching}
            sx={{
              m: 0,
              display: 'grid',
              gap: 1.5,
              gridTemplateColumns: { xs: 'repeat(2, minmax(0, 1fr))', md: 'repeat(4, minmax(0, 1fr))' },
            }}
          >
            <Figure label={t.referredCount} value={data ? String(data.user_referred_id.length) : null} />
            <Figure label={t.paymentsCount} value={data ? String(data.user_payments.length) : null} />
            <Figure label={t.paymentsAmount} value={data ? formatPesos(data.amount_payments) : null} />
            <Figure
              label={fillText(t.commission, { percent })}
              value={
                data ? formatPesos(data.commission ?? commissionOf(data.amount_payments, percent)) : null
              }
              isStrong
            />
          </Box>
        )}
        <Typography variant="body2" color="text.secondary" sx={{ mt: 2 }}>
          {t.commissionNote}
        </Typography>
      </Paper>

      {data ? (
        <Suspense fallback={<Skeleton variant="rounded" height={300} />}>
          <SalesCharts resumen={data} />
        </Suspense>
      ) : (
        <Skeleton variant="rounded" height={300} />
      )}

      {salesData.isPending ? (
        <Skeleton variant="rounded" height={320} />
      ) : (
        <BankAccountForm saved={salesData.data?.bank_account ?? null} />
      )}
    </Stack>
  );
}

function Figure({
  label,
  value,
  isStrong = false,
}: {
  label: string;
  value: string | null;
  isStrong?: boolean;
}) {
  return (
    <Box
      sx={{
        p: 1.5,
        borderRadius: 1,
        bgcolor: isStrong ? 'primary.main' : 'action.hover',
        color: isStrong ? 'primary.contrastText' : 'text.primary',
        minWidth: 0,
      }}
    >
      <Typography component="dt" variant="body2" sx={{ opacity: 0.85 }}>
        {label}
      </Typography>
      <Typography component="dd" variant="h5" sx={{ m: 0, fontWeight: 700, overflowWrap: 'anywhere' }}>
        {value ?? <Skeleton width="60%" />}
      </Typography>
    </Box>
  );
}
