// Update details (/me/profile): first name, last name, telephone; Save is enabled only when at
// least one is non-blank (spec section 5). Blank fields keep their current value.
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { Spinner } from '../../../components/spinner';
import { useMe } from '../../../lib/current-user';
import { useUpdateDetails } from '../api/update-details';

interface DetailsForm {
  firstName: string;
  lastName: string;
  phone: string;
}

export function Component() {
  const { t } = useTranslation('users');
  const { data: me } = useMe();
  const update = useUpdateDetails();
  const { register, handleSubmit, watch, reset, formState } = useForm<DetailsForm>({ defaultValues: { firstName: '', lastName: '', phone: '' } });
  const [firstName, lastName, phone] = watch(['firstName', 'lastName', 'phone']);
  if (!me) return <Spinner label={t('details.loading')} />;
  const canSave = [firstName, lastName, phone].some((s) => s.trim() !== '');

  const onSubmit = handleSubmit(async (values) => {
    if (!canSave || update.isPending) return;
    await update
      .mutateAsync({ Id: me.id, FirstName: values.firstName.trim(), LastName: values.lastName.trim(), MobilePhone: values.phone.trim() })
      .then(() => reset())
      .catch(() => undefined);
  });
  const busy = formState.isSubmitting || update.isPending;

  return (
    <section className="card narrow-card">
      <h1>{t('details.title')}</h1>
      <p className="muted">{t('details.intro')}</p>
      {update.isSuccess && <p className="alert success" role="status">{t('details.updated')}</p>}
      {update.isError && <p className="alert error" role="alert">{t('details.failed')}</p>}
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor="first-name">{t('details.firstName')}</label>
        <input id="first-name" autoComplete="given-name" placeholder={me.first_name} {...register('firstName')} />
        <label htmlFor="last-name">{t('details.lastName')}</label>
        <input id="last-name" autoComplete="family-name" placeholder={me.last_name} {...register('lastName')} />
        <label htmlFor="phone">{t('details.phone')}</label>
        <input id="phone" type="tel" autoComplete="tel" placeholder={me.mobile_phone ?? ''} {...register('phone')} />
        <button type="submit" className="btn primary" disabled={!canSave || busy}>{busy ? t('details.saving') : t('details.save')}</button>
      </form>
      <p><Link to="/me">{t('details.back')}</Link></p>
    </section>
  );
}
