import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { BRAND_NAME } from '../../../lib/brand.ts';
import { fillText } from '../../../lib/format.ts';
import { securityTexts } from '../texts.ts';

/**
 * The 10 recovery codes, shown once after turning two-step sign-in on: copied, downloaded as a text
 * file, or written down; 'Ya los guardé' puts them away for good (the server keeps only their HMAC).
 */
export function RecoveryCodes({
  codes,
  email,
  onDone,
}: {
  codes: string[];
  email: string;
  onDone: () => void;
}) {
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const text = codes.join('\n');

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  }

  function download() {
    const header = fillText(securityTexts.recoveryFileHeader, { product: BRAND_NAME, email });
    const url = URL.createObjectURL(
      new Blob([`${header}\n\n${text}\n`], { type: 'text/plain;charset=utf-8' }),
    );
    const link = document.createElement('a');
    link.href = url;
    link.download = securityTexts.recoveryFileName;
    link.click();
    // the click has started the download; the link is of no further use
    setTimeout(() => URL.revokeObjectURL(url), 1000);
  }

  return (
    <Stack spacing={2}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
        {securityTexts.recoveryTitle}
      </Typography>
      <Alert severity="warning">{securityTexts.recoveryWarning}</Alert>
      <Box
        component="ul"
        aria-label={securityTexts.recoveryListLabel}
        sx={{
          m: 0,
          p: 2,
          listStyle: 'none',
          display: 'grid',
          gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(5, auto)' },
          justifyContent: 'start',
          gap: 1.5,
          fontFamily: 'monospace',
          fontSize: '1rem',
          bgcolor: 'action.hover',
          borderRadius: 1,
        }}
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </Box>
      {copyState === 'failed' ? <Alert severity="error">{securityTexts.recoveryCopyFailed}</Alert> : null}
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        <Button variant="outlined" onClick={() => void copy()}>
          {copyState === 'copied' ? securityTexts.recoveryCopied : securityTexts.recoveryCopy}
        </Button>
        <Button variant="outlined" onClick={download}>
          {securityTexts.recoveryDownload}
        </Button>
        <Button variant="contained" onClick={onDone}>
          {securityTexts.recoveryDone}
        </Button>
      </Stack>
    </Stack>
  );
}
