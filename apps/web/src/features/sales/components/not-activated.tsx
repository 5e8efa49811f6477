import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import StorefrontOutlined from '@mui/icons-material/StorefrontOutlined';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { salesTexts as t } from '../texts.ts';

/** spec 2 Sales: no sales status (or a suspended one): say so and offer 'Activar perfil de ventas'. */
export function NotActivated({
  isSuspended,
  isActivating,
  error,
  onActivate,
}: {
  isSuspended: boolean;
  isActivating: boolean;
  /** why the last activation failed; null when it did not */
  error: unknown;
  onActivate: () => void;
}) {
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 560, mx: 'auto' }}>
        <StorefrontOutlined color="primary" sx={{ fontSize: 56 }} />
        <Typography variant="h6" component="h2">
          {t.notActivatedTitle}
        </Typography>
        <Typography color="text.secondary">{isSuspended ? t.suspendedText : t.notActivatedText}</Typography>
        {error ? (
          <Alert severity="error" sx={{ textAlign: 'left' }}>
            {t.activateFailed} {describeErrorDetails(error).join(' ')}
          </Alert>
        ) : null}
        <Button variant="contained" size="large" loading={isActivating} onClick={onActivate}>
          {t.activate}
        </Button>
      </Stack>
    </Paper>
  );
}
