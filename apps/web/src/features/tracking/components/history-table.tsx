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
import Download from '@mui/icons-material/Download';
import type { Tracking } from '@escudo/contract';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { downloadGpx } from '../gpx.ts';
import { trackingTexts } from '../texts.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';

/** The device's routes, 15 a page (spec 9): show one on the map, or download it as GPX. */
export function HistoryTable({
  rows,
  total,
  isLoading,
  page,
  onPage,
  selectedId,
  onToggle,
  deviceName,
}: {
  rows: Tracking[];
  total: number;
  isLoading: boolean;
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onToggle: (id: number) => void;
  deviceName: string;
}) {
  if (!isLoading && total === 0) {
    return <EmptyNotice>{trackingTexts.empty}</EmptyNotice>;
  }
  return (
    <Paper variant="outlined">
      <TableContainer sx={scrollShadows}>
        <Table size="small" aria-label={trackingTexts.history}>
          <TableHead>
            <TableRow>
              <TableCell>{trackingTexts.dateColumn}</TableCell>
              <TableCell>{trackingTexts.routeColumn}</TableCell>
              <TableCell align="right">{trackingTexts.actionsColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading ? (
              <SkeletonRows rows={5} columns={3} />
            ) : (
              rows.map((row) => {
                const date = formatDateTime(row.created_at) || trackingTexts.notRecorded;
                const isSelected = row.id === selectedId;
                return (
                  <TableRow key={row.id} selected={isSelected}>
                    <TableCell>
                      {date}
                      {row.ended_at === null ? (
                        <Chip size="small" color="success" label={trackingTexts.activeRow} sx={{ ml: 1 }} />
                      ) : null}
                      <Typography variant="caption" color="text.secondary" sx={{ display: 'block' }}>
                        {fillText(trackingTexts.points, { points: row.route.length })}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Button
                        size="small"
                        variant={isSelected ? 'contained' : 'outlined'}
                        disabled={row.route.length === 0}
                        aria-pressed={isSelected}
                        sx={{ whiteSpace: 'nowrap' }}
                        onClick={() => onToggle(row.id)}
                      >
                        {isSelected ? trackingTexts.hideRoute : trackingTexts.showRoute}
                      </Button>
                    </TableCell>
                    <TableCell align="right">
                      <Button
                        size="small"
                        startIcon={<Download />}
                        disabled={row.route.length === 0}
                        aria-label={fillText(trackingTexts.exportGpxLabel, { date })}
                        onClick={() => downloadGpx(row, `${deviceName} · ${date}`)}
                      >
                        {trackingTexts.exportGpx}
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
  );
}
