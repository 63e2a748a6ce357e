// Update details (/me/profile): first name, last name, telephone; Save is enabled only when at
// least one is non-blank (spec section 5). Blank fields keep their current value.
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
  const { data: me } = useMe();
  const update = useUpdateDetails();
  const { register, handleSubmit, watch, reset, formState } = useForm<DetailsForm>({ defaultValues: { firstName: '', lastName: '', phone: '' } });
  const [firstName, lastName, phone] = watch(['firstName', 'lastName', 'phone']);
  if (!me) return <Spinner label="Loading" />;
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
      <h1>Update details</h1>
      <p className="muted">Fill in only what you want to change.</p>
      {update.isSuccess && <p className="alert success" role="status">Your details have been updated.</p>}
      {update.isError && <p className="alert error" role="alert">Whoops! We had some trouble updating your details</p>}
      <form onSubmit={onSubmit} noValidate>
        <label htmlFor="first-name">First name</label>
        <input id="first-name" autoComplete="given-name" placeholder={me.first_name} {...register('firstName')} />
        <label htmlFor="last-name">Last name</label>
        <input id="last-name" autoComplete="family-name" placeholder={me.last_name} {...register('lastName')} />
        <label htmlFor="phone">Telephone number</label>
        <input id="phone" type="tel" autoComplete="tel" placeholder={me.mobile_phone ?? ''} {...register('phone')} />
        <button type="submit" className="btn primary" disabled={!canSave || busy}>{busy ? 'Saving...' : 'Save'}</button>
      </form>
      <p><Link to="/me">Back to my profile</Link></p>
    </section>
  );
}
