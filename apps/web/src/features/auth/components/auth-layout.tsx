import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { Logo } from '../../../components/logo.tsx';

/** The frame of the signed-out pages: logo, a card with a title, and the page's content. */
export function AuthLayout({
  title,
  subtitle,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Box
      component="main"
      sx={{
        minHeight: '100dvh',
        display: 'flex',
        flexDirection: 'column',
        alignItems: 'center',
        justifyContent: { xs: 'flex-start', sm: 'center' },
        px: 2,
        py: { xs: 4, sm: 6 },
        background: 'linear-gradient(160deg, #fdecea 0%, #f5f5f6 45%)',
      }}
    >
      <DocumentTitle title={title} />
      <Box sx={{ mb: 3 }}>
        <Logo size={44} />
      </Box>
      <Paper
        elevation={0}
        sx={{
          width: '100%',
          maxWidth: 440,
          p: { xs: 3, sm: 4 },
          border: 1,
          borderColor: 'divider',
          boxShadow: '0 10px 30px rgba(0,0,0,0.06)',
        }}
      >
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: subtitle ? 0.5 : 3 }}>
          {title}
        </Typography>
        {subtitle ? (
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {subtitle}
          </Typography>
        ) : null}
        {children}
      </Paper>
    </Box>
  );
}
