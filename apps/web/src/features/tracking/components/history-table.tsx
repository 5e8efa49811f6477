import type { Tracking } from '@escudo/contract';
import { PAGE_SIZE } from '@escudo/contract/browser';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { downloadGpx } from '../gpx.ts';
import { trackingTexts } from '../texts.ts';
import { PlainButton } from '../../../components/plain-button.tsx';
import { ServerPagination } from '../../../components/server-pagination.tsx';
import { EmptyNotice } from '../../../components/empty-notice.tsx';
import './history-table.css';

// the path of @mui/icons-material's Download (MIT)
const DOWNLOAD_ICON = 'M5 20h14v-2H5zM19 9h-4V3H9v6H5l7 7z';

/**
 * The device's routes, 15 a page (spec 9): show one on the map, or download it as GPX. MUI's small
 * Table, Chip and Buttons as they drew, in plain markup (history-table.css): fifteen rows of MUI
 * components were most of Tracking's work on a phone, and MUI's table and pagination a fifth of its
 * first load (decision 017's addenda).
 */
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
    <div className="history-table">
      <div className="history-table-scroll">
        <table aria-label={trackingTexts.history}>
          <thead>
            <tr>
              <th scope="col">{trackingTexts.dateColumn}</th>
              <th scope="col">{trackingTexts.routeColumn}</th>
              <th scope="col" className="is-end">
                {trackingTexts.actionsColumn}
              </th>
            </tr>
          </thead>
          <tbody>
            {isLoading
              ? // a grey bar across each row while the page loads, so the table keeps its shape
                Array.from({ length: 5 }, (_, i) => (
                  <tr key={i}>
                    <td colSpan={3}>
                      <span className="skeleton is-text" />
                    </td>
                  </tr>
                ))
              : rows.map((row) => {
                  const date = formatDateTime(row.created_at) || trackingTexts.notRecorded;
                  const isSelected = row.id === selectedId;
                  return (
                    <tr key={row.id} className={isSelected ? 'is-selected' : undefined}>
                      <td>
                        {date}
                        {row.ended_at === null ? (
                          <span className="history-table-chip">{trackingTexts.activeRow}</span>
                        ) : null}
                        <span className="history-table-points">
                          {fillText(trackingTexts.points, { points: row.route.length })}
                        </span>
                      </td>
                      <td>
                        <PlainButton
                          variant={isSelected ? 'contained' : 'outlined'}
                          size="small"
                          className="history-table-nowrap"
                          disabled={row.route.length === 0}
                          aria-pressed={isSelected}
                          onClick={() => onToggle(row.id)}
                        >
                          {isSelected ? trackingTexts.hideRoute : trackingTexts.showRoute}
                        </PlainButton>
                      </td>
                      <td className="is-end">
                        <PlainButton
                          variant="text"
                          size="small"
                          startIcon={DOWNLOAD_ICON}
                          disabled={row.route.length === 0}
                          aria-label={fillText(trackingTexts.exportGpxLabel, { date })}
                          onClick={() => downloadGpx(row, `${deviceName} · ${date}`)}
                        >
                          {trackingTexts.exportGpx}
                        </PlainButton>
                      </td>
                    </tr>
                  );
                })}
          </tbody>
        </table>
      </div>
      <ServerPagination total={total} page={page} pageSize={PAGE_SIZE} onPage={onPage} />
    </div>
  );
}
