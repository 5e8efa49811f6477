import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import RotateRight from '@mui/icons-material/RotateRight';
import { useState } from 'react';
import { VIDEO_ROTATION_STEPS } from '@escudo/contract/browser';
import type { AtencionEvidence } from '@escudo/contract';
import { fillText, formatBytes } from '../../../lib/format.ts';
import { atencionesTexts } from '../texts.ts';

/** the frame's height over its width: a video turned a quarter is scaled by it to fit the frame */
const FRAME_RATIO = 3 / 4;

/**
 * One evidence video, playable, with a button that turns it 90° at a time (spec 2, 9: 0 to 3 quarter
 * turns), for phone videos recorded sideways. The browser's own player: it seeks through the signed
 * link's range requests.
 */
export function EvidenceVideo({ evidence, index }: { evidence: AtencionEvidence; index: number }) {
  const [quarterTurns, setQuarterTurns] = useState(0);
  const isSideways = quarterTurns % 2 === 1;
  const n = index + 1;
  return (
    <Box component="figure" sx={{ m: 0 }}>
      <Box
        sx={{
          position: 'relative',
          width: '100%',
          aspectRatio: `${1 / FRAME_RATIO}`,
          bgcolor: 'common.black',
          borderRadius: 1,
          overflow: 'hidden',
        }}
      >
        <Box
          component="video"
          controls
          preload="metadata"
          playsInline
          src={evidence.file_url}
          aria-label={fillText(atencionesTexts.video, { n })}
          data-quarter-turns={quarterTurns}
          sx={{
            position: 'absolute',
            inset: 0,
            width: '100%',
            height: '100%',
            objectFit: 'contain',
            transform: `rotate(${quarterTurns * 90}deg)${isSideways ? ` scale(${FRAME_RATIO})` : ''}`,
            transition: 'transform 150ms ease',
          }}
        />
      </Box>
      <Stack
        component="figcaption"
        direction="row"
        spacing={1}
        sx={{ mt: 1, alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {fillText(atencionesTexts.video, { n })}
          <Typography component="span" variant="body2" color="text.secondary" sx={{ ml: 1 }}>
            {fillText(atencionesTexts.rotation, { degrees: quarterTurns * 90 })}
          </Typography>
        </Typography>
        <Button
          size="small"
          variant="outlined"
          startIcon={<RotateRight />}
          aria-label={fillText(atencionesTexts.rotateLabel, { n })}
          onClick={() => setQuarterTurns((turns) => (turns + 1) % VIDEO_ROTATION_STEPS)}
        >
          {atencionesTexts.rotate}
        </Button>
      </Stack>
      <Typography
        variant="caption"
        color="text.secondary"
        sx={{ display: 'block', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
      >
        {fillText(atencionesTexts.videoFacts, { size: formatBytes(evidence.size), sha: evidence.sha256 })}
      </Typography>
    </Box>
  );
}
