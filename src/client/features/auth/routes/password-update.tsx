// Password reset page (spec section 2): token in the query, new password and confirmation.
// Success 'Your password has been reset.' and the button becomes Return to Sign In; failure 'There was an error.'
// Without a token it says the link is incomplete instead of showing a form that could only fail.
import { Link, useSearchParams } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import * as v from 'valibot';
import { newPasswordFormSchema, PASSWORD_HELP } from '../../../../shared/schemas/auth';
import { useResetPassword } from '../api/reset-password';

type NewPasswordForm = v.InferInput<typeof newPasswordFormSchema>;

export function Component() {
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
      <h1>Reset your password</h1>
      {reset.isSuccess ? (
        <>
          <p className="alert success" role="status">Your password has been reset.</p>
          <Link to="/login" className="btn primary block">Return to Sign In</Link>
        </>
      ) : !token ? (
        // A link cut short (a mail client that broke the line): the form could only fail.
        <>
          <p className="alert error" role="alert">This password reset link is incomplete. Ask for a new one with &apos;Forgotten Password?&apos; on the sign-in page.</p>
          <Link to="/login" className="btn primary block">Return to Sign In</Link>
        </>
      ) : (
        <form onSubmit={onSubmit} noValidate>
          {reset.isError && <p className="alert error" role="alert">There was an error.</p>}
          <label htmlFor="new-password">New password</label>
          <input id="new-password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password) || mismatch} aria-describedby="new-password-help" {...register('password')} />
          <p className="help" id="new-password-help">{PASSWORD_HELP}</p>
          {errors.password && errors.password.message !== PASSWORD_HELP && <p className="field-error">{errors.password.message}</p>}
          {errors.password?.message === PASSWORD_HELP && <p className="field-error">Please choose a stronger password.</p>}
          <label htmlFor="confirm-password">Confirm new password</label>
          <input id="confirm-password" type="password" autoComplete="new-password" aria-invalid={Boolean(errors.password2)} {...register('password2')} />
          {errors.password2 && <p className="field-error">{errors.password2.message}</p>}
          <button type="submit" className="btn primary" disabled={busy}>{busy ? 'Resetting...' : 'Reset Password'}</button>
        </form>
      )}
    </section>
  );
}
