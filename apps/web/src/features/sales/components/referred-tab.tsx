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
import { PAGE_SIZE, chileDateParts } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatPesos } from '../../../lib/format.ts';
import { useUserPaymentStatus } from '../api/get-user-payment-status.ts';
import { salesTexts as t } from '../texts.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';

const formatDay = (iso: string) => {
  const p = chileDateParts(new Date(iso));
  return p ? `${p.day}-${p.month}-${p.year}` : '';
};

/**
 * Detalle de referidos (spec 2 Sales): my referred accounts, 15 a page from the server; selecting one
 * shows its payments, their total and my commission at spec 9's fixed 20 %.
 */
export function ReferredTab({
  rows,
  total,
  page,
  onPage,
  isLoading,
  selected,
  onSelect,
}: {
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
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDay(created_at)}</TableCell>
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
      <ReferredDetail user={selected} />
    </Box>
  );
}

function ReferredDetail({ user }: { user: Referred['user'] | null }) {
  const detail = useUserPaymentStatus(user?.id ?? null);
  if (!user) {
    return <EmptyNotice>{t.detailHint}</EmptyNotice>;
  }
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={fillText(t.detailTitle, { name: user.name })}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h3" sx={{ fontWeight: 600, mb: 2, overflowWrap: 'anywhere' }}>
        {fillText(t.detailTitle, { name: user.name })}
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
