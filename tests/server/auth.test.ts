// Accounts (issue: foundation; spec sections 5, 7 and 8): registration, verification, login,
// sessions, password reset, distributor header. Runs on SQLite and, with TEST_DATABASE_URL, PostgreSQL.
// The limits on sign-in and e-mail calls are in limits.test.ts.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { sha256 } from '../../src/server/lib/crypto.js';
import { usersRepository } from '../../src/server/features/users/repository.js';
import { buildTestApp, createUser, dbKinds, lastMail, login, mailCount, TEST_PASSWORD, type TestApp } from './helpers.js';

const PASSWORD_HELP = 'Your password must be at least 8 characters long, containing at least one uppercase, lowercase and number.';
const RESET_SENT = 'If we found an account registered to that address, we have sent you an email with further instructions.';

let counter = 0;
function newAccount(overrides: Record<string, unknown> = {}) {
  counter += 1;
  const tag = `${Date.now().toString(36)}${counter}`;
  return {
    firstName: 'Nora',
    lastName: 'Nurse',
    email: `nora${tag}@example.test`,
    username: `nora${tag}`,
    password: 'Secret123',
    distributorId: 1,
    ...overrides,
  };
}

function register(app: FastifyInstance, body: Record<string, unknown>, headers: Record<string, string> = {}) {
  return app.inject({ method: 'POST', url: '/api/users/register', payload: body, headers });
}

function tokenFrom(link: string | null, kind: 'verify' | 'reset'): string {
  expect(link).toBeTruthy();
  const url = new URL(link!);
  if (kind === 'verify') {
    expect(url.pathname).toMatch(/^\/emailverified\/[A-Za-z0-9_-]+$/);
    return url.pathname.split('/').pop()!;
  }
  expect(url.pathname).toBe('/password-update');
  return url.searchParams.get('token')!;
}

async function userRow(app: FastifyInstance, username: string) {
  return app.db.selectFrom('users').selectAll().where('username', '=', username).executeTakeFirstOrThrow();
}

describe.each(dbKinds)('accounts (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    await t.app.db.insertInto('organisations').values({ name: 'Canberra Simulation Centre', website: 'https://sim.example.org', organisation_code: 'CSC-2026' }).execute();
  });
  afterAll(() => t.close());

  /** Mails go out from the job queue (tests run the worker by hand). */
  async function mailTo(to: string) {
    await t.app.jobs.drain();
    return lastMail(t.dataDir, to);
  }
  async function mailsSent() {
    await t.app.jobs.drain();
    return mailCount(t.dataDir);
  }

  describe('registration', () => {
    it('creates an unverified account, e-mails a verification link that works once, then login succeeds', async () => {
      const acc = newAccount();
      const res = await register(t.app, acc);
      expect(res.statusCode).toBe(201);
      expect(res.json().message).toContain('Thanks for registering!');

      const before = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: acc.username, password: acc.password } });
      expect(before.statusCode).toBe(403);
      expect(before.json().message).toContain('Unverified account');

      const mail = await mailTo(acc.email);
      expect(mail.link!.startsWith('http://localhost:3000/emailverified/')).toBe(true);
      const token = tokenFrom(mail.link, 'verify');
      const verify = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` });
      expect(verify.statusCode).toBe(200);
      expect(verify.json()).toEqual({ message: 'Account Verified. Please login below.' });

      // Reopening the used link says the account is verified already, and the client offers sign-in.
      const again = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` });
      expect(again.statusCode).toBe(200);
      expect(again.json()).toEqual({ message: 'Your account is already verified. Please sign in.', alreadyVerified: true });

      const ok = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: acc.username, password: acc.password } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ username: acc.username, email: acc.email, first_name: 'Nora', last_name: 'Nurse', enabled: true, role: 1, roles: ['User'] });
      expect(ok.json().last_login).toBeTruthy();
    });

    it('an unknown or empty verification token is refused', async () => {
      const bad = await t.app.inject({ method: 'POST', url: '/api/users/VerifyEmail?token=not-a-real-token' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().message).toBe('This verification link is invalid or has expired.');
      const none = await t.app.inject({ method: 'POST', url: '/api/users/VerifyEmail' });
      expect(none.statusCode).toBe(422);
      expect(none.json().message).toBe('Token is required');
    });

    it('a used verification link of an account made unverified again, or expired before use, is refused', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const token = tokenFrom((await mailTo(acc.email)).link, 'verify');
      expect((await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` })).statusCode).toBe(200);
      await t.app.db.updateTable('users').set({ email_verified: 0 }).where('username', '=', acc.username).execute();
      const res = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This verification link is invalid or has expired.');
    });

    it('an expired verification token is refused', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const token = tokenFrom((await mailTo(acc.email)).link, 'verify');
      await t.app.db.updateTable('email_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('purpose', '=', 'verify').execute();
      const res = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` });
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe('This verification link is invalid or has expired.');
    });

    it('trims and lowercases the e-mail', async () => {
      const acc = newAccount();
      const res = await register(t.app, { ...acc, email: `  ${acc.email.toUpperCase()}  ` });
      expect(res.statusCode).toBe(201);
      expect((await userRow(t.app, acc.username)).email).toBe(acc.email);
    });

    it('trims first and last names', async () => {
      const acc = newAccount({ firstName: '  Ada ', lastName: ' Lovelace  ' });
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const row = await userRow(t.app, acc.username);
      expect([row.first_name, row.last_name]).toEqual(['Ada', 'Lovelace']);
    });

    const invalid: [string, Record<string, unknown>, string][] = [
      ['a blank first name', { firstName: '   ' }, 'First name is required'],
      ['a missing first name', { firstName: undefined }, 'First name is required'],
      ['a blank last name', { lastName: ' ' }, 'Last name is required'],
      ['a missing e-mail', { email: undefined }, 'Email is required'],
      ['a malformed e-mail', { email: 'not-an-email' }, 'Please enter a valid email address'],
      ['an e-mail without a domain', { email: 'nora@' }, 'Please enter a valid email address'],
      ['an empty username', { username: '' }, 'Username is required'],
      ['a username with a space', { username: 'nora nurse' }, 'Username must not contain spaces'],
      ['a username with a tab', { username: 'nora\tnurse' }, 'Username must not contain spaces'],
      ['a password shorter than 8', { password: 'Abc1234' }, PASSWORD_HELP],
      ['a password without an uppercase letter', { password: 'secret123' }, PASSWORD_HELP],
      ['a password without a lowercase letter', { password: 'SECRET123' }, PASSWORD_HELP],
      ['a password without a digit', { password: 'SecretSecret' }, PASSWORD_HELP],
      ['a password with whitespace', { password: 'Secret 123' }, 'Password must not contain spaces'],
      ['a missing password', { password: undefined }, 'Password is required'],
    ];
    it.each(invalid)('refuses %s with 422 and a message', async (_name, change, message) => {
      const acc = newAccount(change);
      const res = await register(t.app, acc);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message });
      expect(await t.app.db.selectFrom('users').select('id').where('email', '=', String(acc.email ?? '')).executeTakeFirst()).toBeUndefined();
    });

    it('refuses a body that is not an object', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: '[1,2]', headers: { 'content-type': 'application/json' } });
      expect(res.statusCode).toBe(422);
      expect(typeof res.json().message).toBe('string');
    });

    it('refuses a duplicate username (any case) with 409', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const res = await register(t.app, newAccount({ username: acc.username.toUpperCase() }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'That username is already taken.' });
    });

    it('refuses a duplicate e-mail (any case) with 409', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const res = await register(t.app, newAccount({ email: ` ${acc.email.toUpperCase()}` }));
      expect(res.statusCode).toBe(409);
      expect(res.json()).toEqual({ message: 'An account with that email address already exists.' });
    });

    it('links the organisation of an optional organisation code (case-insensitive, trimmed)', async () => {
      const acc = newAccount({ organisationCode: '  csc-2026 ' });
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const row = await userRow(t.app, acc.username);
      const org = await t.app.db.selectFrom('organisations').select('organisation_code').where('id', '=', row.organisation_id!).executeTakeFirstOrThrow();
      expect(org.organisation_code).toBe('CSC-2026');
    });

    it('treats a blank organisation code as none', async () => {
      const acc = newAccount({ organisationCode: '   ' });
      expect((await register(t.app, acc)).statusCode).toBe(201);
      expect((await userRow(t.app, acc.username)).organisation_id).toBeNull();
    });

    it('refuses an unknown organisation code with 422', async () => {
      const acc = newAccount({ organisationCode: 'NOPE-1' });
      const res = await register(t.app, acc);
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'We could not find an organisation with that code.' });
    });
  });

  describe('login and sessions', () => {
    it('answers a wrong password and an unknown user with the same 401 message', async () => {
      const u = await createUser(t.app);
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: 'Wrong1234' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Incorrect username or password!' });
      const unknown = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: 'nobody-here', password: 'Wrong1234' } });
      expect(unknown.statusCode).toBe(401);
      expect(unknown.json()).toEqual({ message: 'Incorrect username or password!' });
    });

    it('refuses an empty login form with 422', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: ' ', password: '' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Username is required' });
    });

    it('signs in by username (any case) or e-mail and sets an httpOnly SameSite=Lax cookie', async () => {
      const u = await createUser(t.app);
      for (const name of [u.username.toUpperCase(), u.email]) {
        const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: name, password: TEST_PASSWORD } });
        expect(res.statusCode).toBe(200);
        const sid = res.cookies.find((c) => c.name === 'sid')!;
        expect(sid.httpOnly).toBe(true);
        expect(sid.sameSite).toBe('Lax');
        expect(sid.value.length).toBeGreaterThanOrEqual(43);
      }
    });

    it('the session cookie is Secure when the request came over HTTPS through a trusted proxy, and X-Forwarded-Proto alone proves nothing', async () => {
      const u = await createUser(t.app);
      const payload = { username: u.username, password: TEST_PASSWORD };
      const direct = await t.app.inject({ method: 'POST', url: '/api/auth', payload, headers: { 'x-forwarded-proto': 'https' } });
      expect(direct.cookies.find((c) => c.name === 'sid')!.secure).toBeFalsy();
      const proxied = await buildTestApp(kind, { trustProxy: ['127.0.0.1'] });
      try {
        const p = await createUser(proxied.app);
        const res = await proxied.app.inject({ method: 'POST', url: '/api/auth', payload: { username: p.username, password: TEST_PASSWORD }, headers: { 'x-forwarded-proto': 'https' } });
        expect(res.cookies.find((c) => c.name === 'sid')!.secure).toBe(true);
      } finally {
        await proxied.close();
      }
    });

    it('stores only a hash of the session token', async () => {
      const u = await createUser(t.app);
      const token = u.cookie.slice('sid='.length);
      const rows = await t.app.db.selectFrom('sessions').select('token_hash').where('user_id', '=', u.id).execute();
      expect(rows.length).toBe(1);
      expect(rows[0].token_hash).not.toBe(token);
      expect(rows[0].token_hash).toMatch(/^[0-9a-f]{64}$/);
    });

    it('GET /api/users/me returns the user of spec section 3, and 401 without a session', async () => {
      const u = await createUser(t.app, { canProvision: true, isPreRelease: true, role: 5 });
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
      expect(me.statusCode).toBe(200);
      const body = me.json();
      expect(body).toMatchObject({ id: u.id, uuid_id: u.uuid_id, username: u.username, email: u.email, enabled: true, role: 5, roles: ['User', 'Admin'], canProvision: true, isPreRelease: true, organisation: null, mobile_phone: null });
      expect(body).not.toHaveProperty('password_hash');
      const anon = await t.app.inject({ method: 'GET', url: '/api/users/me' });
      expect(anon.statusCode).toBe(401);
      expect(anon.json()).toEqual({ message: 'Not signed in' });
      const forged = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'sid=forged-token' } });
      expect(forged.statusCode).toBe(401);
    });

    it('each login issues a new token; logging in again on the same browser ends the old session', async () => {
      const u = await createUser(t.app);
      const second = await login(t.app, u.username, TEST_PASSWORD);
      expect(second).not.toBe(u.cookie);
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: TEST_PASSWORD }, headers: { cookie: second } });
      const third = `sid=${res.cookies.find((c) => c.name === 'sid')!.value}`;
      expect(third).not.toBe(second);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: second } })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: third } })).statusCode).toBe(200);
      // Another device's session is untouched.
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    });

    it('logout ends the session server-side: the old cookie gets 401 afterwards', async () => {
      const u = await createUser(t.app);
      const out = await t.app.inject({ method: 'GET', url: '/api/me/logout', headers: { cookie: u.cookie } });
      expect(out.statusCode).toBe(200);
      expect(out.json()).toEqual({ message: 'Signed out' });
      const cleared = out.cookies.find((c) => c.name === 'sid');
      expect(cleared?.value).toBe('');
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
      expect(me.statusCode).toBe(401);
      expect(await t.app.db.selectFrom('sessions').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
    });

    it('logout sent by another site is refused and keeps the session', async () => {
      const u = await createUser(t.app);
      const out = await t.app.inject({ method: 'GET', url: '/api/me/logout', headers: { cookie: u.cookie, 'sec-fetch-site': 'cross-site' } });
      expect(out.statusCode).toBe(403);
      expect(out.json()).toEqual({ message: 'Cross-origin request refused' });
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
      const own = await t.app.inject({ method: 'GET', url: '/api/me/logout', headers: { cookie: u.cookie, 'sec-fetch-site': 'same-origin' } });
      expect(own.statusCode).toBe(200);
    });

    it('logout without a session still answers 200', async () => {
      const out = await t.app.inject({ method: 'GET', url: '/api/me/logout' });
      expect(out.statusCode).toBe(200);
    });

    it('disabling a user ends their session and blocks login', async () => {
      const u = await createUser(t.app);
      await usersRepository(t.app.db).setEnabled(u.id, false);
      const me = await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } });
      expect(me.statusCode).toBe(401);
      const again = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: TEST_PASSWORD } });
      expect(again.statusCode).toBe(403);
      expect(again.json()).toEqual({ message: 'Your account has been disabled. To have it enabled again, contact support at support@isimulate.com.' });
    });

    it('a disabled account with a wrong password gets the generic answer, so it tells nothing about the account', async () => {
      const u = await createUser(t.app);
      await usersRepository(t.app.db).setEnabled(u.id, false);
      const wrong = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: 'Wrong1234' } });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ message: 'Incorrect username or password!' });
    });

    it('re-enabling a user does not revive a cookie from before they were disabled', async () => {
      const u = await createUser(t.app);
      const users = usersRepository(t.app.db);
      await users.setEnabled(u.id, false);
      await users.setEnabled(u.id, true);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
      expect(await t.app.db.selectFrom('sessions').select('user_id').where('user_id', '=', u.id).execute()).toEqual([]);
      // Signing in again works and gives a fresh session.
      const fresh = await login(t.app, u.username, TEST_PASSWORD);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: fresh } })).statusCode).toBe(200);
    });

    it('enabling a user who is already enabled keeps their sessions', async () => {
      const u = await createUser(t.app);
      await usersRepository(t.app.db).setEnabled(u.id, true);
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(200);
    });

    it('an expired session is refused', async () => {
      const u = await createUser(t.app);
      await t.app.db.updateTable('sessions').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', u.id).execute();
      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
    });
  });

  describe('verification resend', () => {
    it('resends to an unverified account by e-mail or by username; the newest link verifies', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc)).statusCode).toBe(201);
      const count = await mailsSent();
      const byEmail = await t.app.inject({ method: 'GET', url: `/api/users/ResendVerificationEmail?email=${encodeURIComponent(acc.email.toUpperCase())}` });
      expect(byEmail.statusCode).toBe(200);
      expect(byEmail.json()).toEqual({ message: 'Email sent!' });
      expect(await mailsSent()).toBe(count + 1);
      const byName = await t.app.inject({ method: 'GET', url: `/api/users/ResendVerificationEmail?email=${acc.username}` });
      expect(byName.json()).toEqual({ message: 'Email sent!' });
      expect(await mailsSent()).toBe(count + 2);
      const token = tokenFrom((await mailTo(acc.email)).link, 'verify');
      expect((await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` })).statusCode).toBe(200);
    });

    it('answers the same for unknown and already verified accounts without sending', async () => {
      const u = await createUser(t.app);
      const count = await mailsSent();
      for (const who of ['nobody@example.test', u.email]) {
        const res = await t.app.inject({ method: 'GET', url: `/api/users/ResendVerificationEmail?email=${encodeURIComponent(who)}` });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: 'Email sent!' });
      }
      expect(await mailsSent()).toBe(count);
    });

    it('requires the email parameter', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/users/ResendVerificationEmail' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Email is required' });
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists, and mails only a real account', async () => {
      const u = await createUser(t.app);
      const count = await mailsSent();
      const unknown = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: 'nobody@example.test' } });
      expect(unknown.statusCode).toBe(200);
      expect(unknown.json()).toEqual({ message: RESET_SENT });
      expect(await mailsSent()).toBe(count);
      const known = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: ` ${u.email.toUpperCase()} ` } });
      expect(known.statusCode).toBe(200);
      expect(known.json()).toEqual({ message: RESET_SENT });
      expect(await mailsSent()).toBe(count + 1);
    });

    it('refuses an empty reset request with 422', async () => {
      const res = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: '  ' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Email is required' });
    });

    it('a reset token sets a new password once, ends old sessions, and the old password stops working', async () => {
      const u = await createUser(t.app);
      await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: u.email } });
      const token = tokenFrom((await mailTo(u.email)).link, 'reset');

      const weak = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token, newPassword: 'weak' } });
      expect(weak.statusCode).toBe(422);
      expect(weak.json()).toEqual({ message: PASSWORD_HELP });

      const ok = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token, newPassword: 'BrandNew99' } });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toEqual({ message: 'Your password has been reset.' });

      expect((await t.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: u.cookie } })).statusCode).toBe(401);
      const old = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: TEST_PASSWORD } });
      expect(old.statusCode).toBe(401);
      expect((await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: 'BrandNew99' } })).statusCode).toBe(200);

      const replay = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token, newPassword: 'Another99' } });
      expect(replay.statusCode).toBe(422);
      expect(replay.json()).toEqual({ message: 'This reset link is invalid or has expired.' });
    });

    it('an expired reset token is refused', async () => {
      const u = await createUser(t.app);
      await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: u.username } });
      const token = tokenFrom((await mailTo(u.email)).link, 'reset');
      await t.app.db.updateTable('email_tokens').set({ expires_at: '2000-01-01T00:00:00.000Z' }).where('user_id', '=', u.id).execute();
      const res = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token, newPassword: 'BrandNew99' } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'This reset link is invalid or has expired.' });
    });

    it('a new reset request makes the older link invalid', async () => {
      const u = await createUser(t.app);
      await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: u.email } });
      const first = tokenFrom((await mailTo(u.email)).link, 'reset');
      await t.app.inject({ method: 'POST', url: '/api/password/SendEmailLoggedIn', headers: { cookie: u.cookie } });
      const second = tokenFrom((await mailTo(u.email)).link, 'reset');
      expect(second).not.toBe(first);
      const old = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: first, newPassword: 'BrandNew99' } });
      expect(old.statusCode).toBe(422);
      expect(old.json()).toEqual({ message: 'This reset link is invalid or has expired.' });
      const ok = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: second, newPassword: 'BrandNew99' } });
      expect(ok.statusCode).toBe(200);
    });

    it('a successful reset ends every outstanding reset link of that user', async () => {
      const u = await createUser(t.app);
      // Two links out at once (two requests that crossed), and one of another user.
      const other = await createUser(t.app);
      const [a, b, c] = ['link-a', 'link-b', 'link-c'].map((s) => `${s}-${u.id}-${Date.now()}`);
      const expires = new Date(Date.now() + 3600_000).toISOString();
      for (const [token, userId] of [[a, u.id], [b, u.id], [c, other.id]] as const) {
        await t.app.db.insertInto('email_tokens').values({ token_hash: sha256(token), user_id: userId, purpose: 'reset', created_at: new Date().toISOString(), expires_at: expires, used_at: null }).execute();
      }
      expect((await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: a, newPassword: 'BrandNew99' } })).statusCode).toBe(200);
      const stale = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: b, newPassword: 'Another99' } });
      expect(stale.statusCode).toBe(422);
      expect(stale.json()).toEqual({ message: 'This reset link is invalid or has expired.' });
      expect((await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: c, newPassword: 'Another99' } })).statusCode).toBe(200);
    });

    it('the reset mail goes out from the job queue: known and unknown accounts get the same quick answer', async () => {
      const u = await createUser(t.app);
      const count = await mailsSent();
      const jobsBefore = await t.app.db.selectFrom('jobs').select('id').execute();
      for (const who of [u.email, 'nobody-at-all@example.test']) {
        const res = await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: who } });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ message: RESET_SENT });
      }
      // Nothing was mailed while the requests waited; each queued the same work.
      expect(mailCount(t.dataDir)).toBe(count);
      const jobsAfter = await t.app.db.selectFrom('jobs').select('id').execute();
      expect(jobsAfter.length - jobsBefore.length).toBe(2);
      expect(await mailsSent()).toBe(count + 1);
      tokenFrom((await mailTo(u.email)).link, 'reset');
    });

    it('a verification token cannot reset a password, and a made-up token is refused', async () => {
      const acc = newAccount();
      await register(t.app, acc);
      const verifyToken = tokenFrom((await mailTo(acc.email)).link, 'verify');
      const res = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: verifyToken, newPassword: 'BrandNew99' } });
      expect(res.statusCode).toBe(422);
      const none = await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: '', newPassword: 'BrandNew99' } });
      expect(none.statusCode).toBe(422);
      expect(none.json()).toEqual({ message: 'Token is required' });
    });

    it('SendEmailLoggedIn mails the signed-in user a reset link, and needs a session', async () => {
      const u = await createUser(t.app);
      const count = await mailsSent();
      const res = await t.app.inject({ method: 'POST', url: '/api/password/SendEmailLoggedIn', headers: { cookie: u.cookie } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'We have sent you an email with further instructions.' });
      expect(await mailsSent()).toBe(count + 1);
      tokenFrom((await mailTo(u.email)).link, 'reset');
      const anon = await t.app.inject({ method: 'POST', url: '/api/password/SendEmailLoggedIn' });
      expect(anon.statusCode).toBe(401);
    });
  });

  describe('distributor header', () => {
    const distributorOf = async (username: string) => (await userRow(t.app, username)).distributor_id;

    it('is stored on registration, verification, login and reset', async () => {
      const acc = newAccount();
      expect((await register(t.app, acc, { 'x-distributor-id': '3' })).statusCode).toBe(201);
      expect(await distributorOf(acc.username)).toBe(3);

      const token = tokenFrom((await mailTo(acc.email)).link, 'verify');
      await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}`, headers: { 'x-distributor-id': '2' } });
      expect(await distributorOf(acc.username)).toBe(2);

      await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: acc.username, password: acc.password }, headers: { 'x-distributor-id': '1' } });
      expect(await distributorOf(acc.username)).toBe(1);

      await t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: acc.username }, headers: { 'x-distributor-id': '3' } });
      await t.app.jobs.drain();
      expect(await distributorOf(acc.username)).toBe(3);

      const resetToken = tokenFrom((await mailTo(acc.email)).link, 'reset');
      await t.app.inject({ method: 'POST', url: '/api/password/ResetPassword', payload: { token: resetToken, newPassword: 'BrandNew99' }, headers: { 'x-distributor-id': '2' } });
      expect(await distributorOf(acc.username)).toBe(2);
    });

    it('is derived from the host when the header is missing or invalid', async () => {
      const corpuls = newAccount();
      await register(t.app, corpuls, { host: 'community.corpuls.example' });
      expect(await distributorOf(corpuls.username)).toBe(3);
      const product = newAccount();
      await register(t.app, product, { host: 'community.realiti.example', 'x-distributor-id': '9' });
      expect(await distributorOf(product.username)).toBe(2);
      const none = newAccount();
      await register(t.app, none, { host: 'localhost' });
      expect(await distributorOf(none.username)).toBe(1);
    });
  });
});
