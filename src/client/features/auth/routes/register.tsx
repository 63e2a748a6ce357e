// Registration (spec section 2, rules of section 5): 'Join the REALITi community'; on success the
// thank-you state; a server error shows 'There was an error: ' plus the server text.
import { useSearchParams, Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { PASSWORD_HELP, registerFormSchema, type RegisterForm } from '../../../../shared/schemas/auth';
import { PRODUCT_NAME } from '../../../../shared/enums';
import { useRegister } from '../api/register';
import { Trans, useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

const MISMATCH = 'Passwords do not match';

export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const registerMutation = useRegister();
  const { register, handleSubmit, formState } = useForm<RegisterForm>({
    resolver: valibotResolver(registerFormSchema),
    // Every check runs in one round (the resolver stops the schema's pipe at its first failure
    // otherwise, so the passwords' match was only checked once every other field was right).
    criteriaMode: 'all',
    defaultValues: { firstName: '', lastName: '', email: '', organisationCode: params.get('orgcode') ?? '', username: '', password: '', password2: '' },
  });
  const { errors, isSubmitting } = formState;

  const onSubmit = handleSubmit(async (values) => {
    if (registerMutation.isPending) return;
    const { password2: _confirm, ...payload } = values;
    await registerMutation.mutateAsync(payload).catch(() => undefined);
  });

  if (registerMutation.isSuccess) {
    return (
      <section className="card auth-card">
        <h1>{t('register.thanksForRegistering')}</h1>
        <p>{t('register.pleaseCheckYourEmail')}</p>
        <Link to="/login" className="btn primary">{t('register.signIn')}</Link>
      </section>
    );
  }

  const mismatch = errors.password2?.message === MISMATCH;
  const field = (name: keyof RegisterForm, label: string, opts: { type?: string; autoComplete?: string; help?: string; invalid?: boolean } = {}) => {
    const error = errors[name]?.message;
    const invalid = Boolean(error) || Boolean(opts.invalid);
    return (
      <div className="field">
        <label htmlFor={`reg-${name}`}>{label}</label>
        <input
          id={`reg-${name}`}
          type={opts.type ?? 'text'}
          autoComplete={opts.autoComplete}
          aria-invalid={invalid}
          aria-describedby={error || opts.help ? `reg-${name}-note` : undefined}
          {...register(name)}
        />
        {error ? <p className="field-error" id={`reg-${name}-note`}>{translateMessage(error)}</p> : opts.help ? <p className="help" id={`reg-${name}-note`}>{opts.help}</p> : null}
      </div>
    );
  };

  const busy = isSubmitting || registerMutation.isPending;
  return (
    <section className="card auth-card">
      <h1>{t('register.joinTheCommunity', { productName: PRODUCT_NAME })}</h1>
      {registerMutation.isError && (
        <p className="alert error" role="alert">{t('register.thereWasAnError', { message: registerMutation.error.message })}</p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          {field('firstName', t('register.firstName'), { autoComplete: 'given-name' })}
          {field('lastName', t('register.lastName'), { autoComplete: 'family-name' })}
        </div>
        {field('email', t('register.email'), { type: 'email', autoComplete: 'email' })}
        {field('organisationCode', t('register.organisationCode'), { help: t('register.organisationHelp') })}
        {field('username', t('register.username'), { autoComplete: 'username' })}
        {field('password', t('register.password'), {
          type: 'password',
          autoComplete: 'new-password',
          invalid: mismatch,
          help: translateMessage(PASSWORD_HELP),
        })}
        {field('password2', t('register.confirmPassword'), { type: 'password', autoComplete: 'new-password' })}
        <p className="help">
          <Trans t={t} i18nKey="register.agreeToTerms" components={{ terms: <Link to="/terms" /> }} />
        </p>
        <button type="submit" className="btn primary" disabled={busy}>{busy ? t('register.registering') : t('register.register')}</button>
      </form>
      <p className="auth-links">
        {t('register.alreadyHaveAnAccount')}{' '}<Link to="/login">{t('register.signIn')}</Link>
      </p>
    </section>
  );
}
