import Alert from '@mui/material/Alert';
import type { Device } from '@escudo/contract';
import { fillText } from '../../../lib/format.ts';
import { homeTexts } from '../texts.ts';

/** spec 2 Home: which device the protection tiles act on, and the Android-only warning for iOS. */
export function SelectedDeviceNote({ device }: { device: Device | null }) {
  if (!device) {
    return (
      <Alert severity="warning" variant="outlined">
        {homeTexts.noSelectedDevice}
      </Alert>
    );
  }
  return (
    <Alert severity="info" variant="outlined">
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
    </Alert>
  );
}
