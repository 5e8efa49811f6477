import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { EVIDENCE_SHARE_HOURS } from '@escudo/contract/browser';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { useShareEvidence } from '../api/share-evidence.ts';
import { atencionesTexts } from '../texts.ts';

type ShareHours = (typeof EVIDENCE_SHARE_HOURS)[number];

/**
 * Creates the evidence link (decision 019): the customer picks how long it works, gets the URL once
 * (only its hash is kept) and copies it.
 */
export function ShareEvidenceDialog({
  atencionId,
  open,
  onClose,
}: {
  atencionId: number;
  open: boolean;
  onClose: () => void;
}) {
  const [hours, setHours] = useState<ShareHours>(24);
  const [copyState, setCopyState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const share = useShareEvidence(atencionId);
  const labelId = useId();
  const url = share.data?.url;

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url ?? '');
      setCopyState('copied');
    } catch {
      setCopyState('failed');
    }
  };
  const close = () => {
    share.reset();
    setCopyState('idle');
    onClose();
  };

  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm">
      <DialogTitle>{atencionesTexts.shareTitle}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Typography variant="body2">{atencionesTexts.shareText}</Typography>
          {url ? (
            <>
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                <TextField
                  label={atencionesTexts.linkLabel}
                  value={url}
                  fullWidth
                  size="small"
                  slotProps={{ htmlInput: { readOnly: true }, inputLabel: { shrink: true } }}
                  onFocus={(event) => event.target.select()}
                />
                <Button variant="contained" onClick={() => void copy()}>
                  {atencionesTexts.copy}
                </Button>
              </Stack>
              {copyState === 'copied' && <Alert severity="success">{atencionesTexts.copied}</Alert>}
              {copyState === 'failed' && <Alert severity="warning">{atencionesTexts.copyFailed}</Alert>}
              <Typography variant="body2" color="text.secondary">
                {atencionesTexts.linkShownOnce}
              </Typography>
            </>
          ) : (
            <div>
              <FormLabel id={labelId}>{atencionesTexts.shareDuration}</FormLabel>
              <RadioGroup
                row
                aria-labelledby={labelId}
                value={hours}
                onChange={(event) => setHours(Number(event.target.value) as ShareHours)}
              >
                {EVIDENCE_SHARE_HOURS.map((value) => (
                  <FormControlLabel
                    key={value}
                    value={value}
                    control={<Radio />}
                    label={atencionesTexts.shareHours[value]}
                  />
                ))}
              </RadioGroup>
            </div>
          )}
          {share.isError && <Alert severity="error">{describeErrorDetails(share.error).join(' ')}</Alert>}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>{atencionesTexts.close}</Button>
        {!url && (
          <Button variant="contained" loading={share.isPending} onClick={() => share.mutate(hours)}>
            {atencionesTexts.createLink}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
