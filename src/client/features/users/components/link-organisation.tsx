// 'Link Organisation' control (spec sections 2, 5, 8): the code must be non-empty after trimming,
// otherwise the input is flagged and nothing is sent; a failure shows beside the control.
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { organisationCodeSchema } from '../../../../shared/schemas/auth';
import { useAssignOrganisation } from '../api/assign-organisation';
import { translateMessage } from '../../../i18n/messages';

const schema = v.object({ code: organisationCodeSchema });

export function LinkOrganisation() {
  const { t } = useTranslation('users');
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
      <label htmlFor="org-code">{t('linkOrg.label')}</label>
      <div className="inline-control">
        <input id="org-code" placeholder={t('linkOrg.placeholder')} autoCapitalize="characters" aria-invalid={invalid} aria-describedby="org-code-note" {...register('code')} />
        <button type="submit" className="btn" disabled={formState.isSubmitting}>{t('linkOrg.submit')}</button>
      </div>
      <p id="org-code-note" aria-live="polite" className={invalid || assign.isError ? 'field-error' : 'help'}>
        {invalid
          ? translateMessage(formState.errors.code?.message)
          : assign.isError
            ? assign.error.message
            : assign.isSuccess
              ? t('linkOrg.linked')
              : t('linkOrg.help')}
      </p>
    </form>
  );
}
