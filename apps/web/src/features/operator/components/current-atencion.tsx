import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import UploadFile from '@mui/icons-material/UploadFile';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import type { OperatorAtencionDetail } from '@escudo/contract';
import { ErrorState } from '../../../components/error-state.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { muiControlledField } from '../../../lib/forms.ts';
import { fillText, formatBytes, formatDateTime } from '../../../lib/format.ts';
import { useAddNote } from '../api/add-note.ts';
import { useCloseAtencion } from '../api/close-atencion.ts';
import { useOperatorAtencion } from '../api/get-atencion.ts';
import { useUploadEvidence } from '../api/upload-evidence.ts';
import { operatorTexts } from '../texts.ts';

/** The atención being attended: its notes and videos, a note form, a video upload, and closing it. */
export function CurrentAtencion({ atencionId }: { atencionId: number }) {
  const query = useOperatorAtencion(atencionId);
  if (query.isError) {
    return (
      <ErrorState
        title={operatorTexts.loadError}
        message={describeErrorDetails(query.error).join(' ')}
        onRetry={() => void query.refetch()}
        isRetrying={query.isFetching}
      />
    );
  }
  if (!query.data) {
    return (
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Skeleton width="50%" height={32} />
        <Skeleton />
        <Skeleton />
      </Paper>
    );
  }
  return <AtencionWork atencion={query.data.atencion} />;
}

function AtencionWork({ atencion }: { atencion: OperatorAtencionDetail }) {
  const isOpen = atencion.end === null;
  const close = useCloseAtencion(atencion.id);
  return (
    <Paper
      variant="outlined"
      component="section"
      aria-label={fillText(operatorTexts.currentTitle, { id: atencion.id })}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack spacing={2}>
        <div>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography variant="h6" component="h2" sx={{ fontWeight: 700 }}>
              {fillText(operatorTexts.currentTitle, { id: atencion.id })}
            </Typography>
            <Chip
              size="small"
              color={isOpen ? 'success' : 'default'}
              label={isOpen ? operatorTexts.openChip : operatorTexts.closedChip}
            />
          </Stack>
          <Typography sx={{ overflowWrap: 'anywhere' }}>
            {fillText(operatorTexts.customer, atencion.customer)}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {fillText(operatorTexts.started, { date: formatDateTime(atencion.start) })}
            {atencion.end
              ? ` · ${fillText(operatorTexts.ended, { date: formatDateTime(atencion.end) })}`
              : ''}
          </Typography>
        </div>

        <Divider />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {operatorTexts.notes}
        </Typography>
        {atencion.notes.length === 0 ? (
          <Typography color="text.secondary">{operatorTexts.noNotes}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {atencion.notes.map((note) => (
              <li key={note.id}>
                <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{note.title}</Typography>
                <Typography variant="body2" sx={{ whiteSpace: 'pre-line', overflowWrap: 'anywhere' }}>
                  {note.description}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
        {isOpen && <NoteForm atencionId={atencion.id} />}

        <Divider />
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 700 }}>
          {operatorTexts.evidence}
        </Typography>
        {atencion.evidence.length === 0 ? (
          <Typography color="text.secondary">{operatorTexts.noEvidence}</Typography>
        ) : (
          <Stack component="ul" spacing={1} sx={{ m: 0, pl: 2 }}>
            {atencion.evidence.map((item) => (
              <li key={item.id}>
                <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                  {formatDateTime(item.created_at)} ·{' '}
                  {fillText(operatorTexts.videoFacts, { size: formatBytes(item.size), sha: item.sha256 })}
                </Typography>
              </li>
            ))}
          </Stack>
        )}
        {isOpen && <VideoUpload atencionId={atencion.id} />}

        {isOpen ? (
          <>
            <Divider />
            <Button
              variant="outlined"
              color="error"
              loading={close.isPending}
              onClick={() => close.mutate()}
              sx={{ alignSelf: 'flex-start' }}
            >
              {operatorTexts.close}
            </Button>
            {close.isError && <Alert severity="error">{describeErrorDetails(close.error).join(' ')}</Alert>}
          </>
        ) : (
          close.isSuccess && <Alert severity="success">{operatorTexts.closed}</Alert>
        )}
      </Stack>
    </Paper>
  );
}

function NoteForm({ atencionId }: { atencionId: number }) {
  const addNote = useAddNote(atencionId);
  const { handleSubmit, reset, control } = useForm({
    defaultValues: { title: '', description: '' },
  });
  // the button waits for both; controlled fields, whose labels come down once a note is added
  const [title, description] = useWatch({ control, name: ['title', 'description'] });
  const submit = handleSubmit((values) => addNote.mutate(values, { onSuccess: () => reset() }));
  return (
    <Stack component="form" spacing={1.5} onSubmit={submit} noValidate>
      <Controller
        control={control}
        name="title"
        render={({ field }) => (
          <TextField
            {...muiControlledField(field)}
            label={operatorTexts.noteTitle}
            size="small"
            required
            slotProps={{ htmlInput: { maxLength: 120 } }}
          />
        )}
      />
      <Controller
        control={control}
        name="description"
        render={({ field }) => (
          <TextField
            {...muiControlledField(field)}
            label={operatorTexts.noteDescription}
            size="small"
            required
            multiline
            minRows={2}
          />
        )}
      />
      <Button
        type="submit"
        variant="contained"
        loading={addNote.isPending}
        disabled={title.trim() === '' || description.trim() === ''}
        sx={{ alignSelf: 'flex-start' }}
      >
        {operatorTexts.addNote}
      </Button>
      {addNote.isError && <Alert severity="error">{describeErrorDetails(addNote.error).join(' ')}</Alert>}
    </Stack>
  );
}

function VideoUpload({ atencionId }: { atencionId: number }) {
  const upload = useUploadEvidence(atencionId);
  const [fileName, setFileName] = useState('');
  const percent = Math.round(upload.progress * 100);
  const isCancelled = upload.error instanceof DOMException && upload.error.name === 'AbortError';
  return (
    <Stack spacing={1}>
      <Box>
        <Button component="label" variant="contained" startIcon={<UploadFile />} disabled={upload.isPending}>
          {operatorTexts.chooseVideo}
          <input
            hidden
            type="file"
            accept="video/mp4,video/quicktime,video/webm,.mp4,.mov,.webm"
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (!file) return;
              setFileName(file.name);
              upload.mutate(file);
            }}
          />
        </Button>
        <Typography variant="caption" color="text.secondary" sx={{ ml: 1 }}>
          {operatorTexts.videoHint}
        </Typography>
      </Box>
      {upload.isPending && (
        <Stack spacing={0.5}>
          <Typography variant="body2" role="status">
            {fillText(operatorTexts.uploading, { name: fileName, percent })}
          </Typography>
          <LinearProgress variant="determinate" value={percent} aria-label={operatorTexts.uploadProgress} />
          <Button size="small" onClick={upload.cancel} sx={{ alignSelf: 'flex-start' }}>
            {operatorTexts.cancelUpload}
          </Button>
        </Stack>
      )}
      {upload.isSuccess && (
        <Alert severity="success">{fillText(operatorTexts.uploaded, { name: fileName })}</Alert>
      )}
      {upload.isError &&
        (isCancelled ? (
          <Alert severity="info">{operatorTexts.uploadCancelled}</Alert>
        ) : (
          <Alert severity="error">{describeErrorDetails(upload.error).join(' ')}</Alert>
        ))}
    </Stack>
  );
}
