import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import Close from '@mui/icons-material/Close';
import { useId } from 'react';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { informationTexts } from '../texts.ts';

/** A report's photo on the whole screen, with its date and a close button (Esc closes too). */
export function PhotoViewerDialog({
  report,
  open,
  onClose,
}: {
  report: LostPhoneInfoItem | null;
  open: boolean;
  onClose: () => void;
}) {
  const titleId = useId();
  const date = report ? formatDateTime(report.created_at) : '';
  return (
    <Dialog
      fullScreen
      open={open && report !== null}
      onClose={onClose}
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { bgcolor: '#111' } } }}
    >
      <AppBar position="relative" color="transparent" elevation={0} sx={{ color: '#fff' }}>
        <Toolbar>
          <Typography id={titleId} component="h2" variant="h6" sx={{ flexGrow: 1 }}>
            {fillText(informationTexts.reportAt, { date })}
          </Typography>
          <IconButton color="inherit" edge="end" onClick={onClose} aria-label={informationTexts.close}>
            <Close />
          </IconButton>
        </Toolbar>
      </AppBar>
      {report ? (
        <Box
          sx={{
            flexGrow: 1,
            minHeight: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            p: 2,
          }}
        >
          <Box
            component="img"
            src={report.image_url}
            alt={fillText(informationTexts.photoAlt, { date })}
            sx={{ maxWidth: '100%', maxHeight: '100%', objectFit: 'contain' }}
          />
        </Box>
      ) : null}
    </Dialog>
  );
}
