import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { useOperatorAtenciones } from '../api/list-atenciones.ts';
import { operatorTexts } from '../texts.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';

/** The most recent atenciones of the central, 15 a page; 'Abrir' continues one. */
export function RecentAtenciones({ onOpen }: { onOpen: (id: number) => void }) {
  const [page, setPage] = useState(1);
  const list = useOperatorAtenciones(page);
  if (list.isError && !list.data) {
    return (
      <ErrorState
        title={operatorTexts.loadError}
        message={describeErrorDetails(list.error).join(' ')}
        onRetry={() => void list.refetch()}
        isRetrying={list.isFetching}
      />
    );
  }
  const total = list.data?.total_atenciones ?? 0;
  if (list.data && total === 0) {
    return <EmptyNotice>{operatorTexts.recentEmpty}</EmptyNotice>;
  }
  return (
    <Paper variant="outlined">
      <TableContainer sx={scrollShadows}>
        <Table size="small" aria-label={operatorTexts.recentLabel} sx={{ minWidth: 640 }}>
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: 'nowrap' } }}>
              <TableCell>{operatorTexts.idColumn}</TableCell>
              <TableCell>{operatorTexts.customerColumn}</TableCell>
              <TableCell>{operatorTexts.operatorColumn}</TableCell>
              <TableCell>{operatorTexts.startColumn}</TableCell>
              <TableCell>{operatorTexts.stateColumn}</TableCell>
              <TableCell align="right">{operatorTexts.actionsColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {list.data ? (
              list.data.atenciones.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{row.id}</TableCell>
                  <TableCell sx={{ minWidth: 180, overflowWrap: 'anywhere' }}>
                    {row.customer.name}
                    <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                      {row.customer.email}
                    </Typography>
                  </TableCell>
                  <TableCell>{row.admin.name}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.start)}</TableCell>
                  <TableCell>
                    <Chip
                      size="small"
                      color={row.end ? 'default' : 'success'}
                      label={row.end ? operatorTexts.closedChip : operatorTexts.openChip}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Button
                      size="small"
                      aria-label={fillText(operatorTexts.continueLabel, { id: row.id })}
                      onClick={() => onOpen(row.id)}
                    >
                      {operatorTexts.continue}
                    </Button>
                  </TableCell>
                </TableRow>
              ))
            ) : (
              <SkeletonRows rows={3} columns={6} />
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ServerPagination total={total} page={page} pageSize={PAGE_SIZE} onPage={setPage} />
    </Paper>
  );
}
