import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { homeTexts } from '../texts.ts';

export type HomeDialog =
  | { kind: 'notAllowed'; hasDevice: boolean }
  | { kind: 'selectDevice' }
  // a tile whose function belongs to a later issue
  | { kind: 'comingSoon'; title: string };

/**
 * The small dialogs Home opens from its tiles; one at a time. The last dialog stays in `dialog` while
 * `open` turns false, so its text does not vanish during the closing animation.
 */
export function HomeDialogs({
  dialog,
  open,
  onClose,
}: {
  dialog: HomeDialog | null;
  open: boolean;
  onClose: () => void;
}) {
  const content = dialog ? describe(dialog) : null;
  return (
    <Dialog
      open={open && content !== null}
      onClose={onClose}
      aria-labelledby="home-dialog-title"
      maxWidth="xs"
      fullWidth
    >
      {content ? (
        <>
          <DialogTitle id="home-dialog-title">{content.title}</DialogTitle>
          <DialogContent>
            {content.lines.map((line) => (
              <DialogContentText key={line} sx={{ '& + &': { mt: 1.5 } }}>
                {line}
              </DialogContentText>
            ))}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} variant="contained" autoFocus>
              {content.button}
            </Button>
          </DialogActions>
        </>
      ) : null}
    </Dialog>
  );
}

function describe(dialog: HomeDialog): { title: string; lines: string[]; button: string } {
  switch (dialog.kind) {
    case 'notAllowed':
      return {
        title: homeTexts.notAllowedTitle,
        // spec 2: the functions only work on Android phones; without any device, also say what to do
        lines: dialog.hasDevice
          ? [homeTexts.notAllowedText]
          : [homeTexts.notAllowedText, homeTexts.notAllowedNoDevice],
        button: homeTexts.understood,
      };
    case 'selectDevice':
      return {
        title: homeTexts.selectDeviceTitle,
        lines: [homeTexts.selectDeviceText],
        button: homeTexts.understood,
      };
    case 'comingSoon':
      return { title: dialog.title, lines: [homeTexts.comingSoonText], button: homeTexts.close };
  }
}
