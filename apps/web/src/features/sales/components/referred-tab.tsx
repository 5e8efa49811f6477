import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import type { Referred } from '@escudo/contract';
import { PAGE_SIZE, SPANISH_MONTH_NAMES } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDate, formatPesos } from '../../../lib/format.ts';
import { useUserPaymentStatus } from '../api/get-user-payment-status.ts';
import { salesTexts as t } from '../texts.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';

/**
 * Detalle de referidos (spec 2 Sales): my referred accounts, 15 a page from the server; selecting one
 * shows its payments in the period chosen in Resumen (`month`), their total and my commission at
 * spec 9's fixed 20 %.
 */
export function ReferredTab({
  month,
  rows,
  total,
  page,
  onPage,
  isLoading,
  selected,
  onSelect,
}: {
  /** 1–12: the month chosen in Resumen */
  month: number;
  rows: Referred[];
  total: number;
  page: number;
  onPage: (page: number) => void;
  isLoading: boolean;
  selected: Referred['user'] | null;
  onSelect: (user: Referred['user']) => void;
}) {
  if (total === 0 && !isLoading) {
    return <EmptyNotice>{t.referredEmpty}</EmptyNotice>;
  }
  return (
    <Box
      sx={{ display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '3fr 2fr' }, alignItems: 'start' }}
    >
      <Paper variant="outlined" sx={{ minWidth: 0 }}>
        <TableContainer sx={scrollShadows}>
          <Table size="small" aria-label={t.referredTitle}>
            <TableHead>
              <TableRow>
                <TableCell>{t.nameColumn}</TableCell>
                <TableCell>{t.signedUpColumn}</TableCell>
                <TableCell align="right">{t.actionColumn}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {isLoading ? (
                <SkeletonRows rows={5} columns={3} />
              ) : (
                rows.map(({ user, created_at }) => {
                  const isSelected = selected?.id === user.id;
                  return (
                    <TableRow key={user.id} selected={isSelected}>
                      <TableCell sx={{ overflowWrap: 'anywhere' }}>{user.name}</TableCell>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(created_at)}</TableCell>
                      <TableCell align="right">
                        <Button
                          size="small"
                          variant={isSelected ? 'contained' : 'outlined'}
                          aria-pressed={isSelected}
                          aria-label={fillText(t.selectLabel, { name: user.name })}
                          onClick={() => onSelect(user)}
                          sx={{ whiteSpace: 'nowrap' }}
                        >
                          {isSelected ? t.selected : t.select}
                        </Button>
                      </TableCell>
                    </TableRow>
                  );
                })
              )}
            </TableBody>
          </Table>
        </TableContainer>
        <ServerPagination total={total} page={page} pageSize={PAGE_SIZE} onPage={onPage} />
      </Paper>
      <ReferredDetail user={selected} month={month} />
    </Box>
  );
}

function ReferredDetail({ user, month }: { user: Referred['user'] | null; month: number }) {
  const detail = useUserPaymentStatus(user?.id ?? null, month);
  if (!user) {
    return <EmptyNotice>{fillText(t.detailHint, { month: SPANISH_MONTH_NAMES[month - 1]! })}</EmptyNotice>;
  }
  // the server names the year of the month (the latest such month); until it answers, the month alone
  const period = detail.data?.period;
  const periodText =
    period && period.month === month
      ? fillText(t.detailPeriod, { month: SPANISH_MONTH_NAMES[period.month - 1]!, year: period.year })
      : fillText(t.detailPeriod, { month: SPANISH_MONTH_NAMES[month - 1]!, year: '' }).trim();
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={fillText(t.detailTitle, { name: user.name })}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h3" sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
        {fillText(t.detailTitle, { name: user.name })}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {periodText}
      </Typography>
      {detail.isError ? (
        <Alert severity="error">
          {t.detailFailed} {describeErrorDetails(detail.error).join(' ')}
        </Alert>
      ) : (
        <Box
          component="dl"
          sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto auto', rowGap: 1, columnGap: 2 }}
        >
          <Row label={t.detailPayments} value={detail.data ? String(detail.data.status.length) : null} />
          <Row label={t.detailTotal} value={detail.data ? formatPesos(detail.data.total_amount) : null} />
          <Row
            label={fillText(t.detailCommission, { percent: detail.data?.commission_percent ?? 20 })}
            value={detail.data ? formatPesos(detail.data.commission) : null}
          />
        </Box>
      )}
    </Paper>
  );
}

function Row({ label, value }: { label: string; value: string | null }) {
  return (
    <>
      <Typography component="dt" color="text.secondary">
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, fontWeight: 700, textAlign: 'right' }}>
        {value ?? <Skeleton width={60} sx={{ ml: 'auto' }} />}
      </Typography>
    </>
  );
}
