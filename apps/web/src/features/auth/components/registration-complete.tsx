import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_LINK_DELAY_MS, REGISTER_FORM_REDIRECT_MS } from '@escudo/contract/browser';
import { StoreBadges } from '../../../components/store-badges.tsx';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { getMobilePlatform } from '../../../lib/user-agent.ts';
import { authTexts } from '../texts.ts';

/**
 * The 'Registro Completo' screen after a sign-up through the form. On a phone the app is what
 * protects it, so a countdown ('Redireccionando en') of spec 9's 5 s after a form sign-up leads to the
 * matching store. On Android the app's own link is tried first, APP_LINK_DELAY_MS after the screen
 * shows (spec 4, 9): were it tried after leaving for the store, as it once was, it would never run.
 * The store is the fallback: if the app opened, the page was hidden, and the countdown stops there
 * (decision 040).
 */
export function RegistrationComplete() {
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const [platform] = useState(() => getMobilePlatform());
  const [secondsLeft, setSecondsLeft] = useState(REGISTER_FORM_REDIRECT_MS / 1000);
  const [hasOpenedApp, setHasOpenedApp] = useState(false);

  // Android: the app link first; a page hidden from then on means the app took over
  useEffect(() => {
    if (platform !== 'android' || !config) return;
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') setHasOpenedApp(true);
    };
    const appLink = window.setTimeout(() => {
      document.addEventListener('visibilitychange', onVisibility);
      window.location.assign(config.app_link_url);
    }, APP_LINK_DELAY_MS);
    return () => {
      window.clearTimeout(appLink);
      document.removeEventListener('visibilitychange', onVisibility);
    };
  }, [platform, config]);

  // the countdown, then the store (on Android, only if the app did not open)
  useEffect(() => {
    if (!platform || !config || hasOpenedApp) return;
    if (secondsLeft > 0) {
      const tick = window.setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
      return () => window.clearTimeout(tick);
    }
    window.location.assign(platform === 'ios' ? config.app_store_url : config.play_store_url);
  }, [platform, config, secondsLeft, hasOpenedApp]);

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <CheckCircle color="success" sx={{ fontSize: 56 }} />
      <Typography>{authTexts.registeredText}</Typography>
      {platform && config && !hasOpenedApp ? (
        <Box role="status" sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
          <CircularProgress size={20} aria-hidden />
          <Typography sx={{ fontWeight: 600 }}>
            {fillText(authTexts.redirectingIn, { seconds: secondsLeft })}
          </Typography>
        </Box>
      ) : null}
      <Button variant="contained" size="large" onClick={() => navigate('/', { replace: true })}>
        {authTexts.goToPanel}
      </Button>
      {config ? (
        <StoreBadges playStoreUrl={config.play_store_url} appStoreUrl={config.app_store_url} />
      ) : (
        // keeps the badges' room while the store links load
        <Box sx={{ height: 52 }} />
      )}
    </Stack>
  );
}
