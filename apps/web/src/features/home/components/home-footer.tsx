import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { BRAND_NAME } from '../../../lib/brand.ts';
import { useConfig } from '../../../lib/config/get-config.ts';
import { fillText } from '../../../lib/format.ts';
import { homeTexts } from '../texts.ts';

const currentYear = new Date().getFullYear();

/** spec 2 Home footer: privacy policy, terms and the copyright line. */
export function HomeFooter() {
  const { data: config } = useConfig();
  return (
    <Box
      component="footer"
      sx={{
        mt: 6,
        pt: 3,
        borderTop: 1,
        borderColor: 'divider',
        display: 'flex',
        flexWrap: 'wrap',
        gap: 2,
        alignItems: 'center',
        justifyContent: 'space-between',
        minHeight: 40,
      }}
    >
      <Box sx={{ display: 'flex', gap: 3, flexWrap: 'wrap' }}>
        {config ? (
          <>
            <Link href={config.privacy_url} target="_blank" rel="noopener">
              {homeTexts.privacy}
            </Link>
            <Link href={config.terms_url} target="_blank" rel="noopener">
              {homeTexts.terms}
            </Link>
          </>
        ) : null}
      </Box>
      <Typography variant="body2" color="text.secondary">
        {fillText(homeTexts.copyright, { year: currentYear, brand: config?.brand_name ?? BRAND_NAME })}
      </Typography>
    </Box>
  );
}
