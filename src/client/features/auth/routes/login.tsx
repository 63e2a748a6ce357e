// Login (spec section 2): states loading, normal, forgot-password modal, invalid credentials,
// unverified account, just verified, and too many failed attempts (the server's message). After
// login the user is fetched: enabled -> /feed, otherwise /unverifiedprofile/{email}.
// Two fields checked with their shared schema, kept in plain state like the reset-password form:
// this is the first screen of a first visit, and the form library would add a third to its script.
import { useLayoutEffect, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import * as v from 'valibot';
import { loginSchema } from '../../../../shared/schemas/auth';
import { ApiError } from '../../../lib/api';
import { useSessionMe } from '../../../lib/current-user';
import { keepPrerendered } from '../../../lib/prerendered';
import { useLogin, type LoginInput } from '../api/login';
import { ResendVerification } from '../components/resend-verification';
import { ResetPasswordModal } from '../components/reset-password-modal';
import { FieldError, fieldErrorId } from '../../../components/field-error';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '../../../i18n/messages';

export const BAD_LOGIN = 'Incorrect username or password!';

const FIELDS = ['username', 'password'] as const;
type Field = (typeof FIELDS)[number];
type FieldErrors = Partial<Record<Field, string>>;

/** The form's values as the shared schema reads them (the username trimmed), or each field's first problem. */
function check(values: Record<Field, string>): { input: LoginInput; errors: FieldErrors } | { input: null; errors: FieldErrors } {
  const result = v.safeParse(loginSchema, values);
  if (result.success) return { input: result.output, errors: {} };
  const errors: FieldErrors = {};
  for (const issue of result.issues) {
    const field = v.getDotPath(issue) as Field | null;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { input: null, errors };
}

/** Rendered at build time into dist/login.html (scripts/vite-prerender.ts), not by the app. */
const prerendered = import.meta.env.SSR;

export function Component() {
  const { t } = useTranslation('auth');
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const me = useSessionMe();
  const loginMutation = useLogin();
  const [resetOpen, setResetOpen] = useState(false);
  const [failure, setFailure] = useState<{ message: string; who: string } | null>(null);
  const [values, setValues] = useState({ username: '', password: '' });
  // Each field's first problem, once a submit has been tried (then checked again as the user types).
  const [tried, setTried] = useState(false);
  const errors = tried ? check(values).errors : null;
  const [busy, setBusy] = useState(false);
  const change = (field: Field, value: string) => setValues((now) => ({ ...now, [field]: value }));
  // What was typed into the form the HTML showed before the app had loaded (dist/login.html), up
  // to the moment this screen replaced it, and the field the cursor was in.
  const [fromHtml] = useState(() => keepPrerendered('login'));
  useLayoutEffect(() => {
    if (!fromHtml) return;
    for (const input of fromHtml.inputs) {
      if ((input.id === 'username' || input.id === 'password') && input.value) setValues((now) => ({ ...now, [input.id]: input.value }));
    }
    const focused = fromHtml.focusedId();
    if (focused) document.getElementById(focused)?.focus();
    fromHtml.release();
  }, [fromHtml]);

  // The form shows at once; the server's answer about who is signed in (asked as the app started)
  // sends a signed-in user on to the feed when it comes. A sign-in made before that answer came
  // cancels it (useLogin), so it cannot undo the sign-in.
  if (!me.checking && me.data?.enabled && !loginMutation.isPending) return <Navigate to="/feed" replace />;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const result = check(values);
    setTried(true);
    if (!result.input) {
      // The first field with a problem takes the focus.
      document.getElementById(FIELDS.find((f) => result.errors[f])!)?.focus();
      return;
    }
    setFailure(null);
    setBusy(true);
    try {
      const user = await loginMutation.mutateAsync(result.input);
      navigate(user.enabled ? '/feed' : `/unverifiedprofile/${encodeURIComponent(user.email)}`, { replace: true });
    } catch (err) {
      const message = (err as Error).message;
      // spec section 8: a message containing 'Unverified account' offers a resend. The server's own
      // words for too many failed attempts (429: when to try again) and for a refusal of the right
      // password (403: unverified, or disabled and whom to contact) are shown as they are; anything
      // else is a bad login.
      const told = err instanceof ApiError && (err.status === 429 || err.status === 403);
      setFailure({ message: told ? message : BAD_LOGIN, who: result.input.username });
    } finally {
      setBusy(false);
    }
  };

  // The server's words (in the request's language) start with this marker.
  const unverified = failure && (failure.message.includes('Unverified account') || failure.message.includes(t('login.unverifiedMarker')));
  return (
    <section className="card auth-card">
      <h1>{t('login.signIn')}</h1>
      <p className="muted">{t('login.welcomeToTheRealiti')}</p>
      {params.get('verified') === 'true' && !failure && (
        <p className="alert success" role="status">{t('login.yourAccountWasVerified')}</p>
      )}
      {params.get('verified') === 'already' && !failure && (
        <p className="alert success" role="status">{t('login.yourAccountIsAlready')}</p>
      )}
      {failure && !unverified && <p className="alert error" role="alert">{translateMessage(failure.message)}</p>}
      {failure && unverified && <ResendVerification key={failure.who} who={failure.who} message={failure.message} />}
      <form onSubmit={(e) => void onSubmit(e)} noValidate>
        <label htmlFor="username">{t('login.username')}</label>
        <input id="username" autoComplete="username" autoCapitalize="none" autoCorrect="off" aria-invalid={Boolean(errors?.username)} aria-describedby={errors?.username ? fieldErrorId('username') : undefined} name="username" value={values.username} onChange={(e) => change('username', e.target.value)} />
        {errors?.username && <FieldError field="username">{translateMessage(errors.username)}</FieldError>}
        <label htmlFor="password">{t('login.password')}</label>
        <input id="password" type="password" autoComplete="current-password" aria-invalid={Boolean(errors?.password)} aria-describedby={errors?.password ? fieldErrorId('password') : undefined} name="password" value={values.password} onChange={(e) => change('password', e.target.value)} />
        {errors?.password && <FieldError field="password">{translateMessage(errors.password)}</FieldError>}
        <p className="forgot">
          <button type="button" className="btn link" onClick={() => setResetOpen(true)} disabled={prerendered}>{t('login.forgottenPassword')}</button>
        </p>
        {/* In the HTML written at build time (prerendered) the buttons wait for the app: a form
            sent by the browser itself would put the password in the address. */}
        <button type="submit" className="btn primary" disabled={busy || prerendered}>{busy ? t('login.signingIn') : t('login.signIn')}</button>
      </form>
      <p className="auth-links">
        {t('login.newHere')}{' '}<Link to="/register">{t('login.registerNow')}</Link>
        <span aria-hidden="true"> · </span>
        <Link to="/terms">{t('login.terms')}</Link>
      </p>
      {resetOpen && <ResetPasswordModal onClose={() => setResetOpen(false)} />}
    </section>
  );
}
