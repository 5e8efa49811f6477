import { fillText } from '../lib/format.ts';
import { Icon } from './icon.tsx';
import { componentsTexts } from './texts.ts';
import './server-pagination.css';

// the paths of @mui/icons-material's KeyboardArrowLeft and KeyboardArrowRight (MIT)
const PREVIOUS_ICON = 'M15.41 16.59 10.83 12l4.58-4.59L14 6l-6 6 6 6z';
const NEXT_ICON = 'M8.59 16.59 13.17 12 8.59 7.41 10 6l6 6-6 6z';

/**
 * The footer of a table the server pages (tracking history, atenciones, referred accounts): "1–15 de
 * 17" and the arrows, with `page` counted from 1 as the API counts it. MUI's TablePagination in plain
 * markup (server-pagination.css): MUI's drew a select for the rows per page, which we never offer,
 * and brought MUI's Select, Menu and Modal into the first load of every page with a paged table
 * (decision 017's addenda).
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
  const from = total === 0 ? 0 : (page - 1) * pageSize + 1;
  const to = Math.min(total, page * pageSize);
  const lastPage = Math.max(1, Math.ceil(total / pageSize));
  return (
    <div className="server-pagination">
      <p className="server-pagination-rows">
        {fillText(componentsTexts.displayedRows, { from, to, count: total })}
      </p>
      <div className="server-pagination-actions">
        <PageButton
          label={componentsTexts.pageButtons.previous}
          icon={PREVIOUS_ICON}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        />
        <PageButton
          label={componentsTexts.pageButtons.next}
          icon={NEXT_ICON}
          disabled={page >= lastPage}
          onClick={() => onPage(page + 1)}
        />
      </div>
    </div>
  );
}

function PageButton({
  label,
  icon,
  disabled,
  onClick,
}: {
  label: string;
  icon: string;
  disabled: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className="server-pagination-button"
      aria-label={label}
      title={label}
      disabled={disabled}
      onClick={onClick}
    >
      <Icon path={icon} />
    </button>
  );
}
