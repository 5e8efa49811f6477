// What the three protection dialogs share: their props, the device header, the notices above a form.
import Alert, { type AlertColor } from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import type { Device } from '@escudo/contract';
import { RealtimeConnectionNotice } from '../../../components/realtime-connection-notice.tsx';
import { fillText, formatDeviceLabel } from '../../../lib/format.ts';
import { lostphoneTexts } from '../texts.ts';

export interface ProtectionDialogProps {
  device: Device;
  open: boolean;
  onClose: () => void;
}

/** Which phone the order goes to, whether it is online (server `presence`), and any realtime link notice. */
export function DialogDeviceHeader({ device, isOnline }: { device: Device; isOnline: boolean | null }) {
  return (
    <>
      <RealtimeConnectionNotice />
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1, mb: 2 }}>
        <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-word' }}>
          {fillText(lostphoneTexts.deviceLabel, { device: formatDeviceLabel(device) })}
        </Typography>
        {isOnline === null ? null : (
          <Chip
            size="small"
            variant="outlined"
            color={isOnline ? 'success' : 'default'}
            label={isOnline ? lostphoneTexts.phoneOnline : lostphoneTexts.phoneOffline}
            icon={
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 8,
                  height: 8,
                  borderRadius: '50%',
                  bgcolor: isOnline ? 'success.main' : 'grey.500',
                  ml: '8px !important',
                }}
              />
            }
          />
        )}
      </Box>
    </>
  );
}

/** A notice above a dialog's form, shown while it has something to say. */
export function DialogNotice({ severity, text }: { severity: AlertColor; text: string | null }) {
  if (!text) return null;
  return (
    <Alert severity={severity} sx={{ mb: 2 }}>
      {text}
    </Alert>
  );
}
