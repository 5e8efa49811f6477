import Button from '@mui/material/Button';
import Google from '@mui/icons-material/Google';
import { authTexts } from '../texts.ts';

/** Leaves the panel for the provider (spec 2: redirects the browser to the social-oauth endpoint). */
export function GoogleSignInButton({ url }: { url: string }) {
  return (
    <Button
      variant="outlined"
      size="large"
      startIcon={<Google />}
      onClick={() => window.location.assign(url)}
    >
      {authTexts.googleSignIn}
    </Button>
  );
}
