import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { cookieTexts } from '../texts.ts';

// A diagnostic page (spec 2: "Sets a test cookie and alerts it"), handy when a browser blocks storage.
const TEST_COOKIE = 'escudo_test_cookie=ok; path=/; SameSite=Lax';

export function CookiePage() {
  const [cookies, setCookies] = useState<string | null>(null);
  // React's development double-run of effects must not show the alert twice
  const hasRun = useRef(false);

  useEffect(() => {
    if (hasRun.current) return;
    hasRun.current = true;
    document.cookie = TEST_COOKIE;
    const current = document.cookie;
    window.alert(current);
    // the alert blocks; show the same text on the page once it is dismissed
    window.setTimeout(() => setCookies(current), 0);
  }, []);

  return (
    <Box sx={{ maxWidth: 720, mx: 'auto', p: 3 }}>
      <DocumentTitle title={cookieTexts.title} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 2 }}>
        {cookieTexts.title}
      </Typography>
      <Typography sx={{ mb: 2 }}>{cookieTexts.intro}</Typography>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography sx={{ fontWeight: 600 }}>{cookieTexts.cookiesLabel}</Typography>
        <Typography
          component="code"
          data-testid="cookie-value"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {cookies === null ? '' : cookies || cookieTexts.noCookies}
        </Typography>
      </Paper>
    </Box>
  );
}
