import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** One block of 'Seguridad y privacidad': a heading (h2, found by its name) and its content. */
export function SecuritySection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  const headingId = `security-${title.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  return (
    <Paper component="section" aria-labelledby={headingId} variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography id={headingId} variant="h6" component="h2" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {description ? (
        <Typography color="text.secondary" sx={{ mt: 0.5, mb: 2 }}>
          {description}
        </Typography>
      ) : null}
      <div style={description ? undefined : { marginTop: 16 }}>{children}</div>
    </Paper>
  );
}
