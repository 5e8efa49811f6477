import { Link } from 'react-router';
import type { LastPosition, UserDevice } from '@escudo/contract';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { homeTexts } from '../texts.ts';

/**
 * The page whose map shows a position of this kind: a lost-mode report's is on 'Información
 * Recopilada', a route's on Tracking (decision 042). Both maps load with their page, not here.
 */
const POSITION_PAGES: Record<LastPosition['source'], string> = {
  lost_report: '/device-info',
  route_point: '/tracking',
};

/** spec 2 Home: which device the protection tiles act on, and the Android-only warning for iOS. */
export function SelectedDeviceNote({ device }: { device: UserDevice | null }) {
  if (!device) {
    return (
      <PlainAlert severity="warning" variant="outlined">
        {homeTexts.noSelectedDevice}
      </PlainAlert>
    );
  }
  const position = device.last_position;
  return (
    <PlainAlert severity="info" variant="outlined">
      {fillText(homeTexts.selectedDevice, {
        brand: device.device_brand,
        name: device.device_name,
        model: device.device_model,
      })}
      {device.device_so === 'ios' ? (
        <>
          <br />
          {homeTexts.iosNote}
        </>
      ) : null}
      {position ? (
        <>
          <br />
          {fillText(homeTexts.lastPosition, {
            date: formatDateTime(position.at),
            source: homeTexts.lastPositionSources[position.source],
          })}{' '}
          <Link to={POSITION_PAGES[position.source]} className="home-last-position-link">
            {homeTexts.lastPositionLink}
          </Link>
        </>
      ) : null}
    </PlainAlert>
  );
}
