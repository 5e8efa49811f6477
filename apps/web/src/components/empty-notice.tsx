import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list or a panel says while it has nothing to show: a quiet line in an outlined box. */
export function EmptyNotice({ children }: { children: ReactNode }) {
  return (
    <Paper variant="outlined" sx={{ p: 3 }}>
      <Typography color="text.secondary">{children}</Typography>
    </Paper>
  );
}
