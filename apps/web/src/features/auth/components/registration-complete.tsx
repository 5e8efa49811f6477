import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import CheckCircle from '@mui/icons-material/CheckCircle';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { APP_LINK_DELAY_MS, REGISTER_REDIRECT_COUNTDOWN_S } from '@escudo/contract/browser';
import { StoreBadges } from '../../../components/store-badges.tsx';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { getMobilePlatform } from '../../../lib/user-agent.ts';
import { authTexts } from '../texts.ts';

/**
 * The 'Registro Completo' screen. On a phone the app is what protects it, so after a 3-second countdown
 * the browser goes to the matching store; on Android it then also tries the app's own link (spec 4, 9).
 */
export function RegistrationComplete() {
  const navigate = useNavigate();
  const { data: config } = useConfig();
  const [platform] = useState(() => getMobilePlatform());
  const [secondsLeft, setSecondsLeft] = useState(REGISTER_REDIRECT_COUNTDOWN_S);

  useEffect(() => {
    if (!platform || !config) return;
    if (secondsLeft > 0) {
      const tick = window.setTimeout(() => setSecondsLeft((seconds) => seconds - 1), 1000);
      return () => window.clearTimeout(tick);
    }
    if (platform === 'ios') {
      window.location.assign(config.app_store_url);
      return;
    }
    window.location.assign(config.play_store_url);
    const appLink = window.setTimeout(() => window.location.assign(config.app_link_url), APP_LINK_DELAY_MS);
    return () => window.clearTimeout(appLink);
  }, [platform, config, secondsLeft]);

  return (
    <Stack spacing={3} sx={{ alignItems: 'center', textAlign: 'center' }}>
      <CheckCircle color="success" sx={{ fontSize: 56 }} />
      <Typography>{authTexts.registeredText}</Typography>
      {platform && config ? (
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
