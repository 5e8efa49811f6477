import Dialog from '@mui/material/Dialog';
import DialogTitle from '@mui/material/DialogTitle';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import { useEffect } from 'react';
import type { User } from '@escudo/contract';
import { profileTexts as t } from '../texts.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { ProfileFormFields } from './profile-form.tsx';

/**
 * spec 2 (Modals: profile): 'Editar Perfil' in the sidebar opens it, the avatar on top and the fields
 * of spec 5 below; full screen on a phone.
 */
export default function ProfileDialog({
  user,
  open,
  onClose,
  onLoaded,
}: {
  user: User;
  open: boolean;
  onClose: () => void;
  /** called once this lazily loaded dialog is on screen (the opener stops its spinner) */
  onLoaded?: () => void;
}) {
  useEffect(() => onLoaded?.(), [onLoaded]);
  const isPhone = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="profile-dialog-title"
      maxWidth="sm"
      fullWidth
      fullScreen={isPhone}
    >
      <DialogTitle id="profile-dialog-title">{t.title}</DialogTitle>
      {/* a fresh form each time it opens: it starts from what the server holds now */}
      {open ? (
        <ProfileFormFields key={user.id} user={user} onCancel={onClose} header={<AvatarEditor />} />
      ) : null}
    </Dialog>
  );
}
