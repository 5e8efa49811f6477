import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import PhotoCamera from '@mui/icons-material/PhotoCamera';
import { Suspense, lazy, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { UserAvatar } from '../../../components/user-avatar.tsx';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { profileTexts } from '../texts.ts';

const loadCropDialog = () => import('./avatar-crop-dialog.tsx');
// the cropper is fetched when the editor is shown (the profile dialog opens), never on the first load
const AvatarCropDialog = lazy(loadCropDialog);

/** ours: how long 'Foto actualizada' stays, as the profile's own messages (spec 5: 4 s) */
const SAVED_MESSAGE_MS = 4000;

/**
 * The avatar of the profile dialog (spec 2 sidebar, 5; decision 013): the current picture or the
 * initials, 'Cambiar foto' to choose a picture, then a square crop that is sent as JPEG base64. The
 * sidebar shows the new picture as soon as the server has it.
 */
export function AvatarEditor({ onSaved }: { onSaved?: () => void }) {
  const user = useSignedInUser();
  const inputRef = useRef<HTMLInputElement>(null);
  const [imageUrl, setImageUrl] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const [isSaved, setSaved] = useState(false);

  useEffect(() => {
    void loadCropDialog();
  }, []);
  // the chosen file stays in memory only while the crop dialog shows it
  useEffect(() => (imageUrl ? () => URL.revokeObjectURL(imageUrl) : undefined), [imageUrl]);
  useEffect(() => {
    if (!isSaved) return;
    const timer = setTimeout(() => setSaved(false), SAVED_MESSAGE_MS);
    return () => clearTimeout(timer);
  }, [isSaved]);

  const onPick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // the same file may be chosen again after a cancel
    event.target.value = '';
    if (!file) return;
    setSaved(false);
    if (!file.type.startsWith('image/')) {
      setPickError(profileTexts.notAnImage);
      return;
    }
    setPickError(null);
    setImageUrl(URL.createObjectURL(file));
  };

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', alignItems: 'center', gap: 1.5 }}>
      <UserAvatar name={user.name} src={user.info.avatar} size={96} />
      <input ref={inputRef} type="file" accept="image/*" hidden onChange={onPick} />
      <Button
        variant="outlined"
        size="small"
        startIcon={<PhotoCamera />}
        onClick={() => inputRef.current?.click()}
      >
        {profileTexts.changePhoto}
      </Button>
      {isSaved ? (
        <Alert severity="success" sx={{ width: '100%' }}>
          {profileTexts.photoSaved}
        </Alert>
      ) : null}
      {pickError ? (
        <Alert severity="error" sx={{ width: '100%' }}>
          {pickError}
        </Alert>
      ) : null}
      {imageUrl ? (
        <Suspense fallback={<CircularProgress size={24} aria-label={profileTexts.loadingCropper} />}>
          <AvatarCropDialog
            imageUrl={imageUrl}
            onClose={() => setImageUrl(null)}
            onSaved={() => {
              setImageUrl(null);
              setSaved(true);
              onSaved?.();
            }}
          />
        </Suspense>
      ) : null}
    </Box>
  );
}
