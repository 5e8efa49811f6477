import TablePagination from '@mui/material/TablePagination';
import { fillText } from '../lib/format.ts';
import { componentsTexts } from './texts.ts';

/**
 * The footer of a table the server pages (tracking history, atenciones, referred accounts): "1–15 de
 * 17" and the arrows, with `page` counted from 1 as the API counts it.
 */
export function ServerPagination({
  total,
  page,
  pageSize,
  onPage,
}: {
  total: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
}) {
  return (
    <TablePagination
      component="div"
      count={total}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={[]}
      onPageChange={(_, next) => onPage(next + 1)}
      labelDisplayedRows={({ from, to, count }) =>
        fillText(componentsTexts.displayedRows, { from, to, count })
      }
      getItemAriaLabel={(type) => componentsTexts.pageButtons[type]}
    />
  );
}
