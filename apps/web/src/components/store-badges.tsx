import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { componentsTexts } from './texts.ts';

// Drawn here: the stores' official badge images cannot be downloaded in this build, and ours keep the
// wording the stores ask for without copying their logos.

function PlayGlyph() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M5 3.5v17a1 1 0 0 0 1.5.86l14-8.5a1 1 0 0 0 0-1.72l-14-8.5A1 1 0 0 0 5 3.5Z" fill="#fff" />
    </svg>
  );
}

function AppGlyph() {
  return (
    <svg width="26" height="26" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <rect x="6" y="2" width="12" height="20" rx="2.5" fill="none" stroke="#fff" strokeWidth="1.8" />
      <path d="M12 6.5v7m0 0-3-3m3 3 3-3" fill="none" stroke="#fff" strokeWidth="1.8" strokeLinecap="round" />
      <circle cx="12" cy="18.3" r="1" fill="#fff" />
    </svg>
  );
}

function StoreBadge({
  href,
  label,
  top,
  bottom,
  glyph,
}: {
  href: string;
  label: string;
  top: string;
  bottom: string;
  glyph: ReactNode;
}) {
  return (
    <Box
      component="a"
      href={href}
      aria-label={label}
      sx={{
        display: 'inline-flex',
        alignItems: 'center',
        gap: 1,
        // same width for both, and two of them side by side fit the sign-up card
        width: 168,
        px: 1.5,
        py: 0.75,
        borderRadius: 2,
        bgcolor: '#111',
        color: '#fff',
        textDecoration: 'none',
        border: '1px solid #555',
        '&:hover': { bgcolor: '#000' },
        '&:focus-visible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {glyph}
      <Box component="span" sx={{ display: 'flex', flexDirection: 'column', lineHeight: 1.1 }}>
        <Box component="span" sx={{ fontSize: 10.5, whiteSpace: 'nowrap' }}>
          {top}
        </Box>
        <Box component="span" sx={{ fontSize: 16, fontWeight: 600, whiteSpace: 'nowrap' }}>
          {bottom}
        </Box>
      </Box>
    </Box>
  );
}

export function GooglePlayBadge({ href }: { href: string }) {
  return (
    <StoreBadge
      href={href}
      label={componentsTexts.googlePlayBadge}
      top={componentsTexts.googlePlayBadgeTop}
      bottom={componentsTexts.googlePlayBadgeBottom}
      glyph={<PlayGlyph />}
    />
  );
}

export function AppStoreBadge({ href }: { href: string }) {
  return (
    <StoreBadge
      href={href}
      label={componentsTexts.appStoreBadge}
      top={componentsTexts.appStoreBadgeTop}
      bottom={componentsTexts.appStoreBadgeBottom}
      glyph={<AppGlyph />}
    />
  );
}

export function StoreBadges({ playStoreUrl, appStoreUrl }: { playStoreUrl: string; appStoreUrl: string }) {
  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1.5, justifyContent: 'center' }}>
      <GooglePlayBadge href={playStoreUrl} />
      <AppStoreBadge href={appStoreUrl} />
    </Stack>
  );
}
