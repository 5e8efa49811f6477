import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, type Control } from 'react-hook-form';
import { z } from 'zod';
import { bankAccountTypes, chileanBanks, type BankAccountType } from '@escudo/contract';
import { cleanRut, formatRut, isValidRut } from '@escudo/contract/browser';
import { showServerFieldErrors, useFormNotice } from '../../../lib/forms.ts';
import type { useSalesData } from '../api/get-sales-data.ts';
import { useUpdateBankAccount } from '../api/update-bank-account.ts';
import { salesTexts as t } from '../texts.ts';

type SavedAccount = NonNullable<NonNullable<ReturnType<typeof useSalesData>['data']>['bank_account']>;

const required = z.string().trim().min(1, t.required);
const bankFormSchema = z.object({
  bank: required,
  account_type: required,
  account_number: required.refine(
    (value) => /^\d{4,20}$/.test(value.replace(/[\s-]/g, '')),
    t.accountNumberInvalid,
  ),
  holder: required,
  // the profile's RUT check, from the contract: the same digit rule as the server's
  rut: required.refine(isValidRut, t.rutInvalid),
});
type BankForm = z.input<typeof bankFormSchema>;

/** The payout account of the commissions (decision 020): bank, type, number, holder and RUT. */
export function BankAccountForm({ saved }: { saved: SavedAccount | null }) {
  const update = useUpdateBankAccount();
  const [notice, setNotice] = useFormNotice();
  const { control, handleSubmit, setError } = useForm<BankForm>({
    resolver: zodResolver(bankFormSchema),
    mode: 'onTouched',
    defaultValues: {
      bank: saved?.bank ?? '',
      account_type: saved?.account_type ?? '',
      account_number: saved?.account_number ?? '',
      holder: saved?.holder ?? '',
      rut: formatRut(saved?.rut ?? ''),
    },
  });

  const onSubmit = handleSubmit((values) => {
    setNotice(null);
    update.mutate(
      {
        bank: values.bank as (typeof chileanBanks)[number],
        account_type: values.account_type as BankAccountType,
        account_number: values.account_number.trim(),
        holder: values.holder.trim(),
        rut: cleanRut(values.rut),
      },
      {
        onSuccess: () => setNotice({ severity: 'success', text: t.bankSaved }),
        onError: (error) => {
          // the server names the field it refused
          showServerFieldErrors(error, values, setError);
          setNotice({ severity: 'error', text: t.bankSaveFailed });
        },
      },
    );
  });

  return (
    <Paper
      component="form"
      variant="outlined"
      noValidate
      onSubmit={onSubmit}
      aria-label={t.bankTitle}
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Typography variant="h6" component="h3" sx={{ fontWeight: 600 }}>
        {t.bankTitle}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t.bankText}
      </Typography>
      <Stack spacing={2}>
        <Field control={control} name="bank" label={t.bankLabel} options={chileanBanks.map((b) => [b, b])} />
        <Field
          control={control}
          name="account_type"
          label={t.accountTypeLabel}
          options={bankAccountTypes.map((type) => [type, t.accountTypes[type]])}
        />
        <Field control={control} name="account_number" label={t.accountNumberLabel} inputMode="numeric" />
        <Field control={control} name="holder" label={t.holderLabel} autoComplete="name" />
        <Field
          control={control}
          name="rut"
          label={t.rutLabel}
          format={formatRut}
          placeholder="12.345.678-5"
        />
        {notice ? (
          <Alert severity={notice.severity} role={notice.severity === 'error' ? 'alert' : 'status'}>
            {notice.text}
          </Alert>
        ) : null}
        <Button type="submit" variant="contained" loading={update.isPending} sx={{ alignSelf: 'flex-start' }}>
          {t.saveBank}
        </Button>
      </Stack>
    </Paper>
  );
}

function Field({
  control,
  name,
  label,
  options,
  format,
  inputMode,
  autoComplete,
  placeholder,
}: {
  control: Control<BankForm>;
  name: keyof BankForm;
  label: string;
  options?: (readonly [string, string])[];
  format?: (value: string) => string;
  inputMode?: 'numeric' | 'text';
  autoComplete?: string;
  placeholder?: string;
}) {
  return (
    <Controller
      control={control}
      name={name}
      render={({ field, fieldState }) => (
        <TextField
          {...field}
          onChange={(event) => field.onChange(format ? format(event.target.value) : event.target.value)}
          inputRef={field.ref}
          id={`bank-${name}`}
          label={label}
          select={Boolean(options)}
          fullWidth
          error={Boolean(fieldState.error)}
          helperText={fieldState.error?.message}
          {...(autoComplete ? { autoComplete } : {})}
          {...(placeholder ? { placeholder } : {})}
          slotProps={inputMode ? { htmlInput: { inputMode } } : {}}
        >
          {options?.map(([value, text]) => (
            <MenuItem key={value} value={value}>
              {text}
            </MenuItem>
          ))}
        </TextField>
      )}
    />
  );
}
