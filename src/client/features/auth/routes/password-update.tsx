// Password reset page (spec section 2): token in the query, new password and confirmation.
// Success 'Your password has been reset.' and the button becomes Return to Sign In; failure 'There was an error.'
// Without a token it says the link is incomplete instead of showing a form that could only fail.
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { newPasswordFormSchema, PASSWORD_HELP } from '../../../../shared/schemas/auth';
import { useResetPassword } from '../api/reset-password';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

type NewPasswordForm = v.InferInput<typeof newPasswordFormSchema>;

export function Component() {
  const { t } = useTranslation('auth');
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const reset = useResetPassword();
  const { register, handleSubmit, formState } = useForm<NewPasswordForm>({
    resolver: valibotResolver(newPasswordFormSchema),
    defaultValues: { password: '', password2: '' },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async (values) => {
    if (reset.isPending) return;
    await reset.mutateAsync({ token, newPassword: values.password }).catch(() => undefined);
  });
  const mismatch = errors.password2?.message === 'Passwords do not match';
  const busy = formState.isSubmitting || reset.isPending;

  return (
    <section className="card auth-card">
      <h1>{t('passwordUpdate.resetYourPassword')}</h1>
      {reset.isSuccess ? (
        <>
          <p className="alert success" role="status">{t('passwordUpdate.yourPasswordHasBeen')}</p>
          <Link to="/login" className="btn primary block">{t('passwordUpdate.returnToSignIn')}</Link>
        </>
      ) : !token ? (
        // A link cut short (a mail client that broke the line): the form could only fail.
        <>
          <p className="alert error" role="alert">{t('passwordUpdate.thisPasswordResetLink')}</p>
          <Link to="/login" className="btn primary block">{t('passwordUpdate.returnToSignIn')}</Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {reset.isError && <p className="alert error" role="alert">{t('passwordUpdate.thereWasAnError')}</p>}
          <label htmlFor="new-password">{t('passwordUpdate.newPassword')}</label>
          <input id="new-password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password) || mismatch} aria-describedby="new-password-help" {...register('password')} />
          <p className="help" id="new-password-help">{translateMessage(PASSWORD_HELP)}</p>
          {errors.password && errors.password.message !== PASSWORD_HELP && <p className="field-error">{translateMessage(errors.password.message)}</p>}
          {errors.password?.message === PASSWORD_HELP && <p className="field-error">{t('passwordUpdate.pleaseChooseAStronger')}</p>}
          <label htmlFor="confirm-password">{t('passwordUpdate.confirmNewPassword')}</label>
          <input id="confirm-password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password2)} {...register('password2')} />
          {errors.password2 && <p className="field-error">{translateMessage(errors.password2.message)}</p>}
          <button type="submit" className="btn primary" disabled={busy}>{busy ? t('passwordUpdate.resetting') : t('passwordUpdate.resetPassword')}</button>
        </form>
      )}
    </section>
  );
}
