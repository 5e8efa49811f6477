import { z } from 'zod';
import type { User } from '@escudo/contract';
import { BIRTH_DATE_MIN, PHONE_LENGTH, chileToday, isValidRut } from '@escudo/contract/browser';
import { componentsTexts } from '../../../components/texts.ts';
import { dateInputProblem, isoToDateInput, parseDateInput } from '../../../lib/date-input.ts';
import { fillText } from '../../../lib/format.ts';
import { profileTexts as t } from '../texts.ts';

/**
 * spec 5 (Profile): every field required ('Requerido'); the comuna only when the region has communes,
 * which the form knows and passes in. Selects hold their ids as strings ('' = nothing chosen).
 */
export function profileFormSchema(hasCommunes: boolean) {
  const required = z.string().trim().min(1, t.required);
  return z.object({
    name: required,
    rut: required.refine(isValidRut, t.rutInvalid),
    email: required.pipe(z.email(t.emailInvalid)),
    telefono: required.refine(
      (value) => value.length === PHONE_LENGTH,
      fillText(t.phoneLength, { phone: t.phoneExample }),
    ),
    pais: required,
    region: required,
    comuna: hasCommunes ? required : z.string(),
    direccion: required,
    genero: required,
    // DD-MM-AAAA as typed (decision 040): complete, a real day, from 1950-01-01 to today in Chile
    nacimiento: required.superRefine((value, ctx) => {
      const problem = dateInputProblem(value);
      if (problem) {
        const message = problem === 'format' ? componentsTexts.dateFormat : componentsTexts.dateNotReal;
        ctx.addIssue({ code: 'custom', message });
        return;
      }
      const iso = parseDateInput(value)!;
      if (iso < BIRTH_DATE_MIN || iso > chileToday()) ctx.addIssue({ code: 'custom', message: t.birthRange });
    }),
  });
}

export type ProfileForm = z.input<ReturnType<typeof profileFormSchema>>;

const idText = (id: number | null) => (id === null ? '' : String(id));

/** What the dialog opens with: what `app/user/details` holds. */
export function profileDefaults(user: User): ProfileForm {
  return {
    name: user.name,
    rut: user.info.rut ?? '',
    email: user.email,
    telefono: user.info.telefono ?? '',
    pais: idText(user.info.pais),
    region: idText(user.info.region),
    comuna: idText(user.info.comuna),
    direccion: user.info.direccion ?? '',
    genero: idText(user.info.genero),
    nacimiento: isoToDateInput(user.info.nacimiento),
  };
}
