import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useState, type FormEvent } from 'react';
import type { CentralEvent } from '@escudo/contract';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { fillText } from '../../../lib/format.ts';
import { useAssignCentralEvent } from '../api/assign-central-event.ts';
import { useCentralOperators } from '../api/get-central-operators.ts';
import { operatorTexts as t } from '../texts.ts';

/** A supervisor's 'Asignar': the active operators, each with how many events they hold now. */
export function AssignEventDialog({ event, onClose }: { event: CentralEvent | null; onClose: () => void }) {
  const operators = useCentralOperators(event !== null);
  const assign = useAssignCentralEvent();
  const [chosen, setChosen] = useState('');
  const [isMissing, setIsMissing] = useState(false);
  const dismiss = () => {
    if (assign.isPending) return;
    setChosen('');
    setIsMissing(false);
    assign.reset();
    onClose();
  };
  const submit = (form: FormEvent) => {
    form.preventDefault();
    if (!event) return;
    if (chosen === '') {
      setIsMissing(true);
      return;
    }
    assign.mutate({ eventId: event.id, operatorId: Number(chosen) }, { onSuccess: dismiss });
  };
  return (
    <Dialog open={event !== null} onClose={dismiss} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{fillText(t.assignTitle, { id: event?.id ?? '' })}</DialogTitle>
        <DialogContent>
          {operators.isError ? (
            <Alert severity="error">{t.assignLoadError}</Alert>
          ) : (
            <TextField
              select
              fullWidth
              sx={{ mt: 1 }}
              label={t.assignTo}
              value={chosen}
              onChange={(change) => {
                setChosen(change.target.value);
                setIsMissing(false);
              }}
              error={isMissing}
              helperText={isMissing ? t.assignRequired : undefined}
              disabled={!operators.data}
            >
              {(operators.data?.operators ?? []).map((operator) => (
                <MenuItem key={operator.id} value={String(operator.id)}>
                  {fillText(operator.is_supervisor ? t.assignOptionSupervisor : t.assignOption, {
                    name: operator.name,
                    holding: operator.holding,
                  })}
                </MenuItem>
              ))}
            </TextField>
          )}
          {assign.isError && (
            <Alert severity="error" sx={{ mt: 2 }}>
              {describeErrorDetails(assign.error).join(' ')}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={dismiss} disabled={assign.isPending}>
            {t.cancel}
          </Button>
          <Button type="submit" variant="contained" loading={assign.isPending} disabled={!operators.data}>
            {t.assign}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
