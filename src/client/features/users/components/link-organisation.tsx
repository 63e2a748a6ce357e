// 'Link Organisation' control (spec sections 2, 5, 8): the code must be non-empty after trimming,
// otherwise the input is flagged and nothing is sent; a failure shows beside the control.
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { organisationCodeSchema } from '../../../../shared/schemas/auth';
import { useAssignOrganisation } from '../api/assign-organisation';

const schema = v.object({ code: organisationCodeSchema });

export function LinkOrganisation() {
  const assign = useAssignOrganisation();
  const { register, handleSubmit, formState, reset } = useForm<v.InferInput<typeof schema>, unknown, v.InferOutput<typeof schema>>({
    resolver: valibotResolver(schema),
    defaultValues: { code: '' },
  });
  const invalid = Boolean(formState.errors.code);
  const onSubmit = handleSubmit(async ({ code }) => {
    if (assign.isPending) return;
    await assign.mutateAsync(code).then(() => reset({ code: '' })).catch(() => undefined);
  });
  return (
    <form className="link-organisation" onSubmit={onSubmit} noValidate>
      <label htmlFor="org-code">Organisation code</label>
      <div className="inline-control">
        <input id="org-code" placeholder="e.g. CSC-2026" autoCapitalize="characters" aria-invalid={invalid} aria-describedby="org-code-note" {...register('code')} />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>Link Organisation</button>
      </div>
      <p id="org-code-note" aria-live="polite" className={invalid || assign.isError ? 'field-error' : 'help'}>
        {invalid
          ? formState.errors.code?.message
          : assign.isError
            ? assign.error.message
            : assign.isSuccess
              ? 'Your organisation has been linked.'
              : 'Enter the code your organisation gave you.'}
      </p>
    </form>
  );
}
