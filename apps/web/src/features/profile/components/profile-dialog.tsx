import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Divider from '@mui/material/Divider';
import { useId } from 'react';
import { profileTexts } from '../texts.ts';
import { AvatarEditor } from './avatar-editor.tsx';

/** 'Editar Perfil' (spec 2 Modals: profile; spec 5): the avatar on top, the profile's fields below. */
export function ProfileDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const titleId = useId();
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{profileTexts.title}</DialogTitle>
      <DialogContent>
        <AvatarEditor />
        <Divider sx={{ my: 2 }} />
        {/* PROFILE FORM (issue 14 item 1): the fields of spec 5 go here, replacing this notice. */}
        <DialogContentText>{profileTexts.formComingSoon}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{profileTexts.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
