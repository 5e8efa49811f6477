import { useState } from 'react';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { Icon } from '../../../components/icon.tsx';
import { PlainButton } from '../../../components/plain-button.tsx';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { informationTexts } from '../texts.ts';
import './report-card.css';

// the paths of @mui/icons-material's BrokenImageOutlined and Place (MIT)
const BROKEN_IMAGE_ICON =
  'M19 3H5c-1.1 0-2 .9-2 2v14c0 1.1.9 2 2 2h14c1.1 0 2-.9 2-2V5c0-1.1-.9-2-2-2m0 16H5v-4.58l.99.99 4-4 4 4 4-3.99L19 12.43zm0-9.41-1.01-1.01-4 4.01-4-4-4 4-.99-1V5h14z';
const PLACE_ICON =
  'M12 2C8.13 2 5 5.13 5 9c0 5.25 7 13 7 13s7-7.75 7-13c0-3.87-3.13-7-7-7m0 9.5c-1.38 0-2.5-1.12-2.5-2.5s1.12-2.5 2.5-2.5 2.5 1.12 2.5 2.5-1.12 2.5-2.5 2.5';

/**
 * One report: its photo (opens full screen), its date, and 'Marcar en mapa'. MUI's outlined Card and
 * its Button as they drew, in plain markup (report-card.css): a phone in lost mode sends many, and
 * each card was a dozen MUI components on the page's first render (decision 017's addenda).
 */
export function ReportCard({
  report,
  isSelected,
  onOpenPhoto,
  onMarkOnMap,
}: {
  report: LostPhoneInfoItem;
  isSelected: boolean;
  onOpenPhoto: () => void;
  onMarkOnMap: () => void;
}) {
  // a signed link that expired (30 minutes) or a photo that cannot be read
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasFailed = failedUrl === report.image_url;
  const date = formatDateTime(report.created_at);

  return (
    <article
      aria-label={fillText(informationTexts.reportAt, { date })}
      className={`report-card${isSelected ? ' is-selected' : ''}`}
    >
      {hasFailed ? (
        <div className="report-card-failed">
          <Icon path={BROKEN_IMAGE_ICON} />
          <p>{informationTexts.photoFailed}</p>
        </div>
      ) : (
        <button
          type="button"
          className="report-card-photo"
          onClick={onOpenPhoto}
          aria-label={fillText(informationTexts.openPhoto, { date })}
        >
          <img
            src={report.image_url}
            alt={fillText(informationTexts.photoAlt, { date })}
            loading="lazy"
            onError={() => setFailedUrl(report.image_url)}
          />
        </button>
      )}
      <div className="report-card-content">
        <h2 className="report-card-date">
          <time dateTime={report.created_at}>{date}</time>
        </h2>
      </div>
      <div className="report-card-actions">
        <PlainButton
          variant={isSelected ? 'contained' : 'outlined'}
          size="small"
          startIcon={PLACE_ICON}
          onClick={onMarkOnMap}
          aria-pressed={isSelected}
        >
          {informationTexts.markOnMap}
        </PlainButton>
      </div>
    </article>
  );
}
