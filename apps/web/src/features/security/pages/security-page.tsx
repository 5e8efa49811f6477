import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { ActivitySection } from '../components/activity-section.tsx';
import { TwoFactorSection } from '../components/two-factor-section.tsx';
import { ChangePasswordSection } from '../components/change-password-section.tsx';
import { SessionsSection } from '../components/sessions-section.tsx';
import { DataExportSection } from '../components/data-export-section.tsx';
import { DeleteAccountSection } from '../components/delete-account-section.tsx';
import { securityTexts } from '../texts.ts';

/**
 * 'Seguridad y privacidad' (docs/api.md, "The account's security"), from the sidebar beside 'Editar Perfil':
 * each block is a section of its own (components/*-section.tsx), one column that works from 360 px up.
 */
export function SecurityPage() {
  return (
    <>
      <DocumentTitle title={securityTexts.title} />
      <Typography variant="h4" component="h1" sx={{ fontWeight: 700 }}>
        {securityTexts.title}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 1, mb: 3 }}>
        {securityTexts.intro}
      </Typography>
      <Stack spacing={3} sx={{ maxWidth: 880 }}>
        <SessionsSection />
        <TwoFactorSection />
        <ChangePasswordSection />
        <DataExportSection />
        <DeleteAccountSection />
        <ActivitySection />
      </Stack>
    </>
  );
}
