import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { authTexts } from '../texts.ts';

/** Shown while the social_access_token of Google sign-in is traded for a session. */
export function GoogleSigningIn() {
  return (
    <Stack role="status" spacing={2} sx={{ alignItems: 'center', py: 4 }}>
      <CircularProgress aria-hidden />
      <Typography>{authTexts.googleSigningIn}</Typography>
    </Stack>
  );
}
