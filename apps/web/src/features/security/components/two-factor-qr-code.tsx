import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { securityTexts } from '../texts.ts';

const SIZE = 200;

/**
 * The otpauth URL as a QR code, drawn on a canvas by the `qrcode` package (MIT), which is fetched
 * only when a QR code is shown: most visits to the page never turn two-step sign-in on.
 */
export function TwoFactorQrCode({ url }: { url: string }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'drawing' | 'drawn' | 'failed'>('drawing');

  useEffect(() => {
    let isCurrent = true;
    import('qrcode')
      .then((qrcode) => {
        if (!isCurrent || !canvas.current) return;
        return qrcode.toCanvas(canvas.current, url, { width: SIZE, margin: 2 }).then(() => {
          if (isCurrent) setState('drawn');
        });
      })
      .catch(() => {
        if (isCurrent) setState('failed');
      });
    return () => {
      isCurrent = false;
    };
  }, [url]);

  if (state === 'failed') return <Typography color="error">{securityTexts.twoFactorQrFailed}</Typography>;
  return (
    <Box sx={{ width: SIZE, height: SIZE, position: 'relative' }}>
      {state === 'drawing' ? (
        <Skeleton variant="rectangular" width={SIZE} height={SIZE} sx={{ position: 'absolute' }} />
      ) : null}
      <canvas
        ref={canvas}
        role="img"
        aria-label={securityTexts.twoFactorQrLabel}
        width={SIZE}
        height={SIZE}
        style={{ display: 'block', visibility: state === 'drawn' ? 'visible' : 'hidden' }}
      />
    </Box>
  );
}
