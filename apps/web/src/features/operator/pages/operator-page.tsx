import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { Link as RouterLink } from 'react-router';
import { DocumentTitle } from '../../../components/document-title.tsx';
import { describeErrorDetails } from '../../../lib/api-client.ts';
import { muiControlledField } from '../../../lib/forms.ts';
import { useSignedInUser } from '../../../lib/session/user-details.ts';
import { useOpenAtencion } from '../api/open-atencion.ts';
import { CentralHistory } from '../components/central-history.tsx';
import { CentralQueue } from '../components/central-queue.tsx';
import { CurrentAtencion } from '../components/current-atencion.tsx';
import { RecentAtenciones } from '../components/recent-atenciones.tsx';
import { operatorTexts } from '../texts.ts';

/**
 * `/operador` (docs/api.md, "Atenciones"): the central's page. Only operators work here (the server refuses
 * the operator API to anyone else); a customer who comes is told so and sent back to Home.
 */
export function OperatorPage() {
  const user = useSignedInUser();
  const [currentId, setCurrentId] = useState<number | null>(null);
  if (user.role !== 'operator') {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
        <DocumentTitle title={operatorTexts.notOperatorTitle} />
        <Typography variant="h5" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {operatorTexts.notOperatorTitle}
        </Typography>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {operatorTexts.notOperatorText}
        </Typography>
        <Button variant="contained" component={RouterLink} to="/">
          {operatorTexts.goHome}
        </Button>
      </Paper>
    );
  }
  return (
    <Stack spacing={3}>
      <DocumentTitle title={operatorTexts.title} />
      <div>
        <Typography variant="h4" component="h1" sx={{ fontWeight: 700, mb: 1 }}>
          {operatorTexts.title}
        </Typography>
        <Typography color="text.secondary">{operatorTexts.intro}</Typography>
      </div>
      <section aria-labelledby="central-title">
        <Typography id="central-title" variant="h6" component="h2" sx={{ fontWeight: 700 }}>
          {operatorTexts.centralTitle}
        </Typography>
        <Typography variant="body2" color="text.secondary" sx={{ mb: 1.5 }}>
          {operatorTexts.centralIntro}
        </Typography>
        <CentralQueue />
      </section>
      <OpenForm onOpened={setCurrentId} />
      {currentId !== null && <CurrentAtencion key={currentId} atencionId={currentId} />}
      <div>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {operatorTexts.recentTitle}
        </Typography>
        <RecentAtenciones
          onOpen={(id) => {
            setCurrentId(id);
            window.scrollTo({ top: 0, behavior: 'smooth' });
          }}
        />
      </div>
      <div>
        <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1 }}>
          {operatorTexts.historyTitle}
        </Typography>
        <CentralHistory />
      </div>
    </Stack>
  );
}

function OpenForm({ onOpened }: { onOpened: (id: number) => void }) {
  const open = useOpenAtencion();
  const { handleSubmit, reset, control } = useForm({ defaultValues: { email: '' } });
  // the button waits for an e-mail; a controlled field, whose label comes down once one is opened
  const email = useWatch({ control, name: 'email' });
  const submit = handleSubmit((values) =>
    open.mutate(values.email, {
      onSuccess: ({ atencion }) => {
        reset();
        onOpened(atencion.id);
      },
    }),
  );
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, mb: 1.5 }}>
        {operatorTexts.openTitle}
      </Typography>
      <Stack
        component="form"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        onSubmit={submit}
        noValidate
      >
        <Controller
          control={control}
          name="email"
          render={({ field }) => (
            <TextField
              {...muiControlledField(field)}
              label={operatorTexts.customerEmail}
              type="email"
              size="small"
              fullWidth
              autoComplete="off"
            />
          )}
        />
        <Button
          type="submit"
          variant="contained"
          loading={open.isPending}
          disabled={email.trim() === ''}
          sx={{ flexShrink: 0 }}
        >
          {operatorTexts.open}
        </Button>
      </Stack>
      {open.isError && (
        <Alert severity="error" sx={{ mt: 1.5 }}>
          {describeErrorDetails(open.error).join(' ')}
        </Alert>
      )}
    </Paper>
  );
}
