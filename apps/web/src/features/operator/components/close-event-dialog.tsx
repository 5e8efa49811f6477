import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { z } from 'zod';
import {
  CENTRAL_CLOSE_NOTE_MAX,
  CENTRAL_LEVEL_LABELS,
  CENTRAL_OUTCOME_LABELS,
  centralOutcomes,
  type CentralOutcome,
} from '@escudo/contract/browser';
import type { CentralEvent } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { muiControlledField } from '../../../lib/forms.ts';
import { useCloseCentralEvent } from '../api/close-central-event.ts';
import { kindLabel } from '../lib/central-alarm.ts';
import { operatorTexts as t } from '../texts.ts';

const closeFormSchema = z.object({
  outcome: z.enum(centralOutcomes, t.outcomeRequired),
  level: z.string().min(1, t.levelRequired),
  note: z.string().max(CENTRAL_CLOSE_NOTE_MAX),
});
type CloseForm = z.input<typeof closeFormSchema>;

/**
 * 'Cerrar evento': what the event turned out to be, how grave (AVS-01, 0 to 4) and a note. Closing an
 * SOS also ends the customer's alert, which the server tells the customer and their network.
 */
export function CloseEventDialog({
  event,
  onClose,
  onClosed,
}: {
  event: CentralEvent | null;
  onClose: () => void;
  onClosed: (closed: CentralEvent) => void;
}) {
  const close = useCloseCentralEvent();
  const { control, handleSubmit, reset } = useForm<CloseForm>({
    resolver: zodResolver(closeFormSchema),
    defaultValues: { outcome: '' as CentralOutcome, level: '', note: '' },
  });
  const dismiss = () => {
    if (close.isPending) return;
    reset();
    close.reset();
    onClose();
  };
  const submit = handleSubmit((values) => {
    if (!event) return;
    close.mutate(
      { event_id: event.id, outcome: values.outcome, level: Number(values.level), note: values.note },
      {
        onSuccess: ({ event: closed }) => {
          reset();
          close.reset();
          onClosed(closed);
        },
      },
    );
  });
  return (
    <Dialog open={event !== null} onClose={dismiss} fullWidth maxWidth="sm">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{fillText(t.closeTitle, { id: event?.id ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText sx={{ mb: 2 }}>
            {event && fillText(t.closeText, { kind: kindLabel[event.kind], name: event.customer.name })}
          </DialogContentText>
          <Stack spacing={2}>
            <Controller
              control={control}
              name="outcome"
              render={({ field, fieldState }) => (
                <TextField
                  {...muiControlledField(field)}
                  select
                  label={t.outcome}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  required
                >
                  {centralOutcomes.map((outcome) => (
                    <MenuItem key={outcome} value={outcome}>
                      {CENTRAL_OUTCOME_LABELS[outcome]}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="level"
              render={({ field, fieldState }) => (
                <TextField
                  {...muiControlledField(field)}
                  select
                  label={t.level}
                  error={Boolean(fieldState.error)}
                  helperText={fieldState.error?.message}
                  required
                >
                  {CENTRAL_LEVEL_LABELS.map((label, level) => (
                    <MenuItem key={label} value={String(level)}>
                      {fillText(t.levelOption, { level, label })}
                    </MenuItem>
                  ))}
                </TextField>
              )}
            />
            <Controller
              control={control}
              name="note"
              render={({ field }) => (
                <TextField
                  {...muiControlledField(field)}
                  label={t.closeNote}
                  helperText={t.closeNoteHint}
                  multiline
                  minRows={3}
                  slotProps={{ htmlInput: { maxLength: CENTRAL_CLOSE_NOTE_MAX } }}
                />
              )}
            />
            {close.isError && <Alert severity="error">{describeErrorDetails(close.error).join(' ')}</Alert>}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss} disabled={close.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={close.isPending}>
            {t.closeEvent}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
