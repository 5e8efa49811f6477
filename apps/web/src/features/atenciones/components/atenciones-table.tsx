import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { AtencionSummary } from '@escudo/contract';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { formatDuration } from '../format.ts';
import { atencionesTexts } from '../texts.ts';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { SkeletonRows } from '../../../components/skeleton-rows.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import { scrollShadows } from '../../../components/scroll-shadows.ts';

const plural = (forms: { one: string; other: string }, n: number) =>
  n === 1 ? forms.one : fillText(forms.other, { n });

/**
 * A cell's text that may break at one place only (the space between date and time, or after the
 * "·"), never inside a date or a count: each side stays whole.
 */
function TwoLines({ text, at = ' ' }: { text: string; at?: string }) {
  const index = text.indexOf(at);
  if (index < 0) return <span style={{ whiteSpace: 'nowrap' }}>{text}</span>;
  const first = text.slice(0, index + at.length).trimEnd();
  const second = text.slice(index + at.length).trimStart();
  return (
    <>
      <span style={{ whiteSpace: 'nowrap' }}>{first}</span>{' '}
      <span style={{ whiteSpace: 'nowrap' }}>{second}</span>
    </>
  );
}

/** The customer's atenciones, 15 a page (spec 2, 9): a row opens its detail. */
export function AtencionesTable({
  rows,
  total,
  isLoading,
  page,
  onPage,
  selectedId,
  onSelect,
}: {
  rows: AtencionSummary[];
  total: number;
  isLoading: boolean;
  page: number;
  onPage: (page: number) => void;
  selectedId: number | null;
  onSelect: (id: number) => void;
}) {
  if (!isLoading && total === 0) {
    return <EmptyNotice>{atencionesTexts.empty}</EmptyNotice>;
  }
  return (
    <Paper variant="outlined">
      {/* on a phone the cells are narrower and the start and the attachments take two lines, so the
          five columns fit a 360 px screen; on a narrower one the table scrolls sideways, and a
          shadow at the edge says there is more */}
      <TableContainer sx={scrollShadows}>
        <Table
          size="small"
          aria-label={atencionesTexts.tableLabel}
          sx={{
            '& .MuiTableCell-root': { px: { xs: 0.5, sm: 2 }, fontSize: { xs: '0.8125rem', sm: undefined } },
          }}
        >
          <TableHead>
            <TableRow sx={{ '& th': { whiteSpace: { sm: 'nowrap' } } }}>
              <TableCell>{atencionesTexts.idColumn}</TableCell>
              <TableCell>{atencionesTexts.operatorColumn}</TableCell>
              <TableCell>{atencionesTexts.startColumn}</TableCell>
              <TableCell>{atencionesTexts.durationColumn}</TableCell>
              <TableCell>{atencionesTexts.attachmentsColumn}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {isLoading ? (
              <SkeletonRows rows={5} columns={5} />
            ) : (
              rows.map((row) => (
                <TableRow
                  key={row.id}
                  hover
                  selected={row.id === selectedId}
                  tabIndex={0}
                  aria-label={fillText(atencionesTexts.viewDetail, { id: row.id })}
                  aria-selected={row.id === selectedId}
                  onClick={() => onSelect(row.id)}
                  onKeyDown={(event) => {
                    if (event.key === 'Enter' || event.key === ' ') {
                      event.preventDefault();
                      onSelect(row.id);
                    }
                  }}
                  sx={{ cursor: 'pointer' }}
                >
                  <TableCell>{row.id}</TableCell>
                  <TableCell>{row.admin.name}</TableCell>
                  <TableCell>
                    <TwoLines text={formatDateTime(row.start)} />
                  </TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    {row.end ? formatDuration(row.start, row.end) : atencionesTexts.inProgress}
                  </TableCell>
                  <TableCell>
                    <TwoLines
                      text={`${plural(atencionesTexts.videos, row.evidence_count)} · ${plural(atencionesTexts.notesCount, row.notes_count)}`}
                      at={atencionesTexts.attachmentsBreak}
                    />
                  </TableCell>
                </TableRow>
              ))
            )}
          </TableBody>
        </Table>
      </TableContainer>
      <ServerPagination total={total} page={page} pageSize={PAGE_SIZE} onPage={onPage} />
    </Paper>
  );
}
