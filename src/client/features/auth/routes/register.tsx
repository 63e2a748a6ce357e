// Registration (spec section 2, rules of section 5): 'Join the REALITi community'; on success the
// thank-you state; a server error shows 'There was an error: ' plus the server text.
import { useSearchParams, Link } from 'react-router-dom';
import { useForm } from 'react-hook-form';
import { valibotResolver } from '@hookform/resolvers/valibot';
import { registerFormSchema, type RegisterForm } from '../../../../shared/schemas/auth';
import { PRODUCT_NAME } from '../../../../shared/enums';
import { useRegister } from '../api/register';

const MISMATCH = 'Passwords do not match';

export function Component() {
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
        <h1>Thanks for registering!</h1>
        <p>Please check your email inbox and click the link to verify your email address.</p>
        <Link to="/login" className="btn primary">Sign In</Link>
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
        {error ? <p className="field-error" id={`reg-${name}-note`}>{error}</p> : opts.help ? <p className="help" id={`reg-${name}-note`}>{opts.help}</p> : null}
      </div>
    );
  };

  const busy = isSubmitting || registerMutation.isPending;
  return (
    <section className="card auth-card">
      <h1>Join the {PRODUCT_NAME} community</h1>
      {registerMutation.isError && (
        <p className="alert error" role="alert">There was an error: {registerMutation.error.message}</p>
      )}
      <form onSubmit={onSubmit} noValidate>
        <div className="form-grid">
          {field('firstName', 'First name', { autoComplete: 'given-name' })}
          {field('lastName', 'Last name', { autoComplete: 'family-name' })}
        </div>
        {field('email', 'Email', { type: 'email', autoComplete: 'email' })}
        {field('organisationCode', 'Organisation ID (optional)', { help: 'If your organisation gave you a code, enter it here.' })}
        {field('username', 'Username', { autoComplete: 'username' })}
        {field('password', 'Password', {
          type: 'password',
          autoComplete: 'new-password',
          invalid: mismatch,
          help: 'Your password must be at least 8 characters long, containing at least one uppercase, lowercase and number.',
        })}
        {field('password2', 'Confirm password', { type: 'password', autoComplete: 'new-password' })}
        <p className="help">
          By registering you agree to the <Link to="/terms">Terms and Conditions</Link>.
        </p>
        <button type="submit" className="btn primary" disabled={busy}>{busy ? 'Registering...' : 'Register'}</button>
      </form>
      <p className="auth-links">
        Already have an account? <Link to="/login">Sign In</Link>
      </p>
    </section>
  );
}
