import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import ErrorOutlineOutlined from '@mui/icons-material/ErrorOutlineOutlined';
import { componentsTexts } from './texts.ts';

/** A friendly failure with a way out ('Reintentar'), for data a page cannot work without. */
export function ErrorState({
  title,
  message,
  onRetry,
  isRetrying = false,
}: {
  title: string;
  message?: string | undefined;
  onRetry: () => void;
  isRetrying?: boolean;
}) {
  return (
    <Box
      role="alert"
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        textAlign: 'center',
        gap: 2,
        py: 8,
        px: 2,
      }}
    >
      <ErrorOutlineOutlined color="error" sx={{ fontSize: 48 }} />
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {message ? <Typography color="text.secondary">{message}</Typography> : null}
      <Button variant="contained" onClick={onRetry} loading={isRetrying}>
        {componentsTexts.retry}
      </Button>
    </Box>
  );
}
