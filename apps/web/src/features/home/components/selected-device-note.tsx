import type { Device } from '@escudo/contract';
import { PlainAlert } from '../../../components/plain-alert.tsx';
import { fillText } from '../../../lib/format.ts';
import { homeTexts } from '../texts.ts';

/** spec 2 Home: which device the protection tiles act on, and the Android-only warning for iOS. */
export function SelectedDeviceNote({ device }: { device: Device | null }) {
  if (!device) {
    return (
      <PlainAlert severity="warning" variant="outlined">
        {homeTexts.noSelectedDevice}
      </PlainAlert>
    );
  }
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
    </PlainAlert>
  );
}
