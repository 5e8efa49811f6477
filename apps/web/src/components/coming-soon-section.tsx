import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { DocumentTitle } from './document-title.tsx';
import { componentsTexts } from './texts.ts';

/**
 * A section whose content arrives with a later issue: its real title and an honest line saying it is
 * being prepared, nothing invented.
 */
export function ComingSoonSection({ title }: { title: string }) {
  return (
    <>
      <DocumentTitle title={title} />
      <Typography variant="h4" component="h1" sx={{ mb: 3, fontWeight: 700 }}>
        {title}
      </Typography>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Typography>{componentsTexts.comingSoon}</Typography>
      </Paper>
    </>
  );
}
