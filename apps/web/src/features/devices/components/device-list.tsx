import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import PhoneAndroid from '@mui/icons-material/PhoneAndroid';
import PhoneIphone from '@mui/icons-material/PhoneIphone';
import { useId } from 'react';
import type { Device } from '@escudo/contract';
import { selectDevice, useSelectedDevice } from '../../../lib/session/selected-device.ts';
import { devicesTexts } from '../texts.ts';

/**
 * 'Dispositivos registrados' (spec 2): each device with brand, name and model; a click selects it for
 * the protection functions. The choice is remembered across reloads (lib/session/selected-device).
 */
export function DeviceList({ devices, onSelect }: { devices: Device[]; onSelect?: () => void }) {
  const selected = useSelectedDevice();
  const headingId = useId();

  return (
    <section aria-labelledby={headingId}>
      <Typography
        id={headingId}
        component="h2"
        variant="overline"
        sx={{ display: 'block', px: 2, color: 'text.secondary', fontWeight: 700 }}
      >
        {devicesTexts.heading}
      </Typography>
      {devices.length === 0 ? (
        <Typography variant="body2" color="text.secondary" sx={{ px: 2, py: 1 }}>
          {devicesTexts.empty}
        </Typography>
      ) : (
        <List dense disablePadding>
          {devices.map((device) => {
            const isSelected = selected?.id === device.id;
            return (
              <li key={device.id}>
                <ListItemButton
                  selected={isSelected}
                  aria-current={isSelected ? 'true' : undefined}
                  onClick={() => {
                    selectDevice(device);
                    onSelect?.();
                  }}
                  sx={{
                    borderLeft: 4,
                    borderColor: isSelected ? 'primary.main' : 'transparent',
                  }}
                >
                  <ListItemIcon sx={{ color: isSelected ? 'primary.main' : undefined }}>
                    {device.device_so === 'ios' ? (
                      <PhoneIphone titleAccess={devicesTexts.ios} />
                    ) : (
                      <PhoneAndroid titleAccess={devicesTexts.android} />
                    )}
                  </ListItemIcon>
                  <ListItemText
                    primary={`${device.device_brand} ${device.device_name}`}
                    secondary={device.device_model}
                    slotProps={{ primary: { sx: { fontWeight: isSelected ? 700 : 500 } } }}
                  />
                </ListItemButton>
              </li>
            );
          })}
        </List>
      )}
    </section>
  );
}
