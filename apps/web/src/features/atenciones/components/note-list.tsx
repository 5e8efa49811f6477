import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { AtencionNote } from '@escudo/contract';
import { formatDateTime } from '../../../lib/format.ts';
import { atencionesTexts } from '../texts.ts';

/** An atención's notes, oldest first, as the customer's detail and the shared evidence page show them. */
export function NoteList({ notes, hasDividers = false }: { notes: AtencionNote[]; hasDividers?: boolean }) {
  if (notes.length === 0) return <Typography color="text.secondary">{atencionesTexts.noNotes}</Typography>;
  return (
    <Stack
      component="ul"
      spacing={1.5}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
      divider={hasDividers ? <Divider /> : undefined}
    >
      {notes.map((note) => (
        <li key={note.id}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{note.title}</Typography>
          <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
            {note.description}
          </Typography>
          <Typography variant="caption" color="text.secondary">
            {formatDateTime(note.created_at)}
          </Typography>
        </li>
      ))}
    </Stack>
  );
}
