import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import ContentCopy from '@mui/icons-material/ContentCopy';
import { useId } from 'react';
import { FormField } from '../../../components/form-field.tsx';
import { salesTexts as t } from '../texts.ts';

/** The register route with my code (spec 2 Sales: `/register?sharecode=CODE`), on this panel's address. */
export function referralLinkOf(code: string): string {
  return `${window.location.origin}/register?sharecode=${encodeURIComponent(code)}`;
}

/** My referral code and the direct sign-up link, with 'Copiar' (spec 2 Sales). */
export function ReferralLink({ code, onCopied }: { code: string; onCopied: (ok: boolean) => void }) {
  const id = useId();
  const link = referralLinkOf(code);
  const copy = () => {
    // the Clipboard API needs a secure context (https or localhost); without it, say how to copy
    if (!navigator.clipboard) return onCopied(false);
    navigator.clipboard.writeText(link).then(
      () => onCopied(true),
      () => onCopied(false),
    );
  };
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack spacing={2}>
        <Box>
          <Typography variant="body2" color="text.secondary">
            {t.codeLabel}
          </Typography>
          <Typography
            variant="h5"
            component="p"
            sx={{ fontWeight: 700, letterSpacing: '0.08em', fontFamily: 'monospace' }}
          >
            {code}
          </Typography>
        </Box>
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <FormField
            id={`${id}-link`}
            label={t.linkLabel}
            value={link}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
            inputProps={{ 'aria-readonly': true }}
            sx={{ '& input': { textOverflow: 'ellipsis' } }}
          />
          <Button
            variant="contained"
            startIcon={<ContentCopy />}
            onClick={copy}
            sx={{ flexShrink: 0, alignSelf: { xs: 'stretch', sm: 'center' } }}
          >
            {t.copy}
          </Button>
        </Stack>
      </Stack>
    </Paper>
  );
}
