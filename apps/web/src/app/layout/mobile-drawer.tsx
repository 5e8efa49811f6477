import Drawer from '@mui/material/Drawer';
import type { ReactNode } from 'react';

/**
 * The sidebar below MUI's `md`: a temporary drawer opened from the header. Its own module, fetched on
 * the first open: MUI's Drawer brings Modal and its transitions, which Home's first load does without
 * (docs/decisions/016).
 */
export function MobileDrawer({
  open,
  onClose,
  width,
  children,
}: {
  open: boolean;
  width: number;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Drawer
      variant="temporary"
      open={open}
      onClose={onClose}
      // above the header, like any modal on a phone
      sx={{ display: { xs: 'block', md: 'none' }, zIndex: (theme) => theme.zIndex.modal }}
      slotProps={{ paper: { sx: { width, boxSizing: 'border-box' } } }}
    >
      {children}
    </Drawer>
  );
}
