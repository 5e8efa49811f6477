import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import BrokenImageOutlined from '@mui/icons-material/BrokenImageOutlined';
import Place from '@mui/icons-material/Place';
import { useState } from 'react';
import type { LostPhoneInfoItem } from '@escudo/contract';
import { fillText, formatDateTime } from '../../../lib/format.ts';
import { informationTexts } from '../texts.ts';

/** One report: its photo (opens full screen), its date, and 'Marcar en mapa'. */
export function ReportCard({
  report,
  isSelected,
  onOpenPhoto,
  onMarkOnMap,
}: {
  report: LostPhoneInfoItem;
  isSelected: boolean;
  onOpenPhoto: () => void;
  onMarkOnMap: () => void;
}) {
  // a signed link that expired (30 minutes) or a photo that cannot be read
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const hasFailed = failedUrl === report.image_url;
  const date = formatDateTime(report.created_at);

  return (
    <Card
      component="article"
      variant="outlined"
      aria-label={fillText(informationTexts.reportAt, { date })}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        borderColor: isSelected ? 'primary.main' : 'divider',
        borderWidth: isSelected ? 2 : 1,
      }}
    >
      {hasFailed ? (
        <Box
          sx={{
            aspectRatio: '4 / 3',
            display: 'flex',
            flexDirection: 'column',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            p: 2,
            textAlign: 'center',
            bgcolor: 'grey.100',
            color: 'text.secondary',
          }}
        >
          <BrokenImageOutlined aria-hidden />
          <Typography variant="body2">{informationTexts.photoFailed}</Typography>
        </Box>
      ) : (
        <ButtonBase
          onClick={onOpenPhoto}
          aria-label={fillText(informationTexts.openPhoto, { date })}
          sx={{ display: 'block', width: '100%', bgcolor: 'grey.200' }}
        >
          <Box
            component="img"
            src={report.image_url}
            alt={fillText(informationTexts.photoAlt, { date })}
            loading="lazy"
            onError={() => setFailedUrl(report.image_url)}
            sx={{ display: 'block', width: '100%', aspectRatio: '4 / 3', objectFit: 'cover' }}
          />
        </ButtonBase>
      )}
      <CardContent sx={{ pb: 0, flexGrow: 1 }}>
        <Typography component="h2" sx={{ fontWeight: 700 }}>
          <time dateTime={report.created_at}>{date}</time>
        </Typography>
      </CardContent>
      <CardActions sx={{ px: 2, pb: 2 }}>
        <Button
          size="small"
          variant={isSelected ? 'contained' : 'outlined'}
          startIcon={<Place />}
          onClick={onMarkOnMap}
          aria-pressed={isSelected}
        >
          {informationTexts.markOnMap}
        </Button>
      </CardActions>
    </Card>
  );
}
