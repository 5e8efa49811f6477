/**
 * The square crop of a chosen picture (spec 5: "cropped image sent as JPEG base64"). Loaded lazily by
 * avatar-editor.tsx, so react-easy-crop stays out of the panel's first load (decision 013).
 */
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Slider from '@mui/material/Slider';
import Stack from '@mui/material/Stack';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import Save from '@mui/icons-material/Save';
import ZoomIn from '@mui/icons-material/ZoomIn';
import ZoomOut from '@mui/icons-material/ZoomOut';
import { useId, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useUpdateAvatar } from '../api/update-avatar.ts';
import { cropToJpeg } from '../lib/crop-to-jpeg.ts';
import { profileTexts } from '../texts.ts';

const MIN_ZOOM = 1;
const MAX_ZOOM = 4;

export default function AvatarCropDialog({
  imageUrl,
  onClose,
  onSaved,
}: {
  /** an object URL of the chosen file; the editor mounts the dialog afresh for each picture */
  imageUrl: string;
  onClose: () => void;
  onSaved: () => void;
}) {
  const titleId = useId();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'));
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(MIN_ZOOM);
  const [area, setArea] = useState<Area | null>(null);
  const [imageError, setImageError] = useState<string | null>(null);
  const mutation = useUpdateAvatar();
  const isBusy = mutation.isPending;

  const save = async () => {
    if (!area || isBusy) return;
    let avatar: string;
    try {
      avatar = await cropToJpeg(imageUrl, area);
    } catch {
      setImageError(profileTexts.imageUnreadable);
      return;
    }
    mutation.mutate(avatar, { onSuccess: onSaved });
  };

  const errorText = imageError ?? (mutation.isError ? describeErrorDetails(mutation.error).join(' ') : null);

  return (
    <Dialog
      open
      // a click outside must not throw away a crop being sent
      onClose={isBusy ? undefined : onClose}
      aria-labelledby={titleId}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
    >
      <DialogTitle id={titleId}>{profileTexts.cropTitle}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{profileTexts.cropHint}</DialogContentText>
        <Box
          role="group"
          aria-label={profileTexts.cropArea}
          sx={{
            position: 'relative',
            width: '100%',
            // a phone shows the dialog full screen: the crop takes the width, leaving room for the buttons
            height: { xs: 'min(calc(100vw - 48px), 60vh)', sm: 360 },
            bgcolor: 'grey.900',
            borderRadius: 1,
            overflow: 'hidden',
          }}
        >
          <Cropper
            image={imageUrl}
            crop={crop}
            zoom={zoom}
            minZoom={MIN_ZOOM}
            maxZoom={MAX_ZOOM}
            aspect={1}
            cropShape="rect"
            showGrid
            onCropChange={setCrop}
            onZoomChange={setZoom}
            onCropComplete={(_, pixels) => setArea(pixels)}
            onMediaLoaded={() => setImageError(null)}
            mediaProps={{ onError: () => setImageError(profileTexts.imageUnreadable) }}
          />
        </Box>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mt: 2, px: 1 }}>
          <ZoomOut color="action" aria-hidden />
          <Slider
            value={zoom}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            onChange={(_, value) => setZoom(value)}
            aria-label={profileTexts.zoom}
            disabled={isBusy}
          />
          <ZoomIn color="action" aria-hidden />
        </Stack>
        {isBusy ? (
          <Box sx={{ mt: 2 }} role="status">
            <DialogContentText variant="body2" sx={{ mb: 1 }}>
              {profileTexts.sendingPhoto}
            </DialogContentText>
            <LinearProgress />
          </Box>
        ) : null}
        {errorText ? (
          <Alert severity="error" sx={{ mt: 2 }}>
            {errorText}
          </Alert>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={isBusy}>
          {profileTexts.cancel}
        </Button>
        <Button
          variant="contained"
          onClick={() => void save()}
          disabled={!area || imageError !== null}
          loading={isBusy}
          loadingPosition="start"
          startIcon={<Save />}
        >
          {profileTexts.savePhoto}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
