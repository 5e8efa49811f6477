import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { CENTRAL_LEVEL_LABELS, CENTRAL_OUTCOME_LABELS, PAGE_SIZE } from '@escudo/contract/browser';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { ErrorState } from '../../../components/error-state.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useCentralHistory } from '../api/get-central-history.ts';
import { kindLabel } from '../lib/central-alarm.ts';
import { operatorTexts as t } from '../texts.ts';

/** The central's closed events, newest closed first, 15 a page: what each turned out to be. */
export function CentralHistory() {
  const [page, setPage] = useState(1);
  const history = useCentralHistory(page);
  if (history.isError && !history.data) {
    return (
      <ErrorState
        title={t.historyError}
        message={describeErrorDetails(history.error).join(' ')}
        onRetry={() => void history.refetch()}
        isRetrying={history.isFetching}
      />
    );
  }
  const total = history.data?.total ?? 0;
  if (history.data && total === 0) return <EmptyNotice>{t.historyEmpty}</EmptyNotice>;
  return (
    <Paper variant="outlined">
      <TableContainer sx={scrollShadows}>
        <Table size="small" aria-label={t.historyLabel} sx={{ minWidth: 720 }}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>{t.eventColumn}</TableCell>
              <TableCell>{t.customerColumn}</TableCell>
              <TableCell>{t.receivedColumn}</TableCell>
              <TableCell>{t.closedColumn}</TableCell>
              <TableCell>{t.outcomeColumn}</TableCell>
              <TableCell>{t.levelColumn}</TableCell>
              <TableCell>{t.closedByColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {history.data ? (
              history.data.events.map((event) => (
                <TableRow key={event.id}>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {kindLabel[event.kind]} #{event.id}
                  </TableCell>
                  <TableCell sx={{ minWidth: 160, overflowWrap: 'anywhere' }}>
                    {event.customer.name}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(event.created_at)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {event.closed_at ? formatDateTime(event.closed_at) : ''}
                  </TableCell>
                  <TableCell>
                    {event.outcome ? CENTRAL_OUTCOME_LABELS[event.outcome] : ''}
                    {event.close_note && (
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {event.close_note}
                      </Typography>
                    )}
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {event.level === null ? '' : `${event.level} · ${CENTRAL_LEVEL_LABELS[event.level]}`}
                  </TableCell>
                  <TableCell>{event.closed_by?.name ?? ''}</TableCell>
                </TableRow>
              ))
            ) : (
              <SkeletonRows rows={3} columns={7} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ServerPagination total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </Paper>
  );
}
