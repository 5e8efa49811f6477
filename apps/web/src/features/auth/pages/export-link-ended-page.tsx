import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { AuthLayout } from '../components/auth-layout.tsx';
import { authTexts } from '../texts.ts';

/**
 * Where the server sends a browser that follows a data export's e-mailed link after it stopped
 * working (24 hours, or forged): what happened and where to ask for a new copy. Signed out or in;
 * 'Seguridad y privacidad' asks for sign-in first when needed.
 */
export function ExportLinkEndedPage() {
  return (
    <AuthLayout title={authTexts.exportLinkEndedTitle}>
      <Stack spacing={2.5}>
        <Typography>{authTexts.exportLinkEndedText}</Typography>
        <Button component={RouterLink} to="/seguridad" variant="contained" size="large">
          {authTexts.exportLinkEndedAction}
        </Button>
      </Stack>
    </AuthLayout>
  );
}
