import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Typography from '@mui/material/Typography';
import { useId, type ReactNode } from 'react';

/**
 * One Home tile: a single button whose accessible name is exactly the tile's name (the description is
 * its accessible description), so it reads well and tests find it by name.
 */
export function HomeTile({
  title,
  description,
  icon,
  onClick,
}: {
  title: string;
  description: string;
  icon: ReactNode;
  onClick: () => void;
}) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <Card
      variant="outlined"
      sx={{ height: '100%', transition: 'box-shadow .2s', '&:hover': { boxShadow: 3 } }}
    >
      <CardActionArea
        onClick={onClick}
        aria-labelledby={titleId}
        aria-describedby={descriptionId}
        sx={{
          height: '100%',
          p: 2.5,
          display: 'flex',
          // a row on phones (one tile a line), a column in the grid of wider screens
          flexDirection: { xs: 'row', sm: 'column' },
          alignItems: 'flex-start',
          justifyContent: 'flex-start',
          gap: 2,
        }}
      >
        <Box
          aria-hidden
          sx={{
            flexShrink: 0,
            width: 48,
            height: 48,
            borderRadius: '50%',
            display: 'grid',
            placeItems: 'center',
            bgcolor: '#fdecea',
            color: 'primary.main',
          }}
        >
          {icon}
        </Box>
        <Box sx={{ minWidth: 0 }}>
          <Typography id={titleId} component="span" sx={{ display: 'block', fontWeight: 700, mb: 0.5 }}>
            {title}
          </Typography>
          <Typography id={descriptionId} component="span" variant="body2" color="text.secondary">
            {description}
          </Typography>
        </Box>
      </CardActionArea>
    </Card>
  );
}
