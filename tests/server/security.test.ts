// Cross-cutting security of the foundation: origin checks, headers, error bodies, OpenAPI, and
// real SMTP delivery of the verification mail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SMTPServer } from 'smtp-server';
import { buildTestApp, createUser, dbKinds, TEST_PASSWORD, type TestApp } from './helpers.js';

describe.each(dbKinds)('security (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind);
  });
  afterAll(() => t.close());

  it('refuses an unsafe request from another Origin with 403', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: TEST_PASSWORD }, headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
    expect(res.cookies.find((c) => c.name === 'sid')).toBeUndefined();
    const patch = await t.app.inject({ method: 'PATCH', url: '/api/Users/AssignOrganisation/X', headers: { origin: 'https://evil.example', cookie: u.cookie } });
    expect(patch.statusCode).toBe(403);
  });

  it('refuses an unsafe request marked Sec-Fetch-Site: cross-site with 403', async () => {
    const u = await createUser(t.app);
    const res = await t.app.inject({ method: 'POST', url: '/api/password/SendEmailLoggedIn', headers: { 'sec-fetch-site': 'cross-site', cookie: u.cookie } });
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: 'Cross-origin request refused' });
  });

  it('accepts the same origin and the public URL', async () => {
    const u = await createUser(t.app);
    for (const origin of ['http://localhost:80', 'http://localhost:3000']) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: TEST_PASSWORD }, headers: { origin, host: 'localhost:80', 'sec-fetch-site': 'same-origin' } });
      expect(res.statusCode).toBe(200);
    }
  });

  it('lets safe cross-origin GETs through (nothing changes)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health', headers: { origin: 'https://evil.example' } });
    expect(res.statusCode).toBe(200);
  });

  it('sends security headers with a CSP', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('SAMEORIGIN');
  });

  it('serves the OpenAPI description at /api/docs with the account calls', async () => {
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
    const json = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(json.statusCode).toBe(200);
    const paths = Object.keys(json.json().paths);
    for (const p of ['/api/auth', '/api/users/me', '/api/me/logout', '/api/password/SendEmail', '/api/password/SendEmailLoggedIn', '/api/password/ResetPassword', '/api/users/UpdateUserDetails', '/api/users/UserDetails/{id}', '/api/users/register', '/api/users/ResendVerificationEmail', '/api/users/VerifyEmail', '/api/Users/AssignOrganisation/{code}']) {
      expect(paths).toContain(p);
    }
  });

  it('answers invalid JSON with 400 { message } and no stack trace', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: '{"username": ', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'The request body is not valid JSON' });
    expect(res.body).not.toMatch(/\bat .*\(|stack|node_modules/);
  });

  it('answers an unsupported content type with 415 { message }', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: 'username=a', headers: { 'content-type': 'text/x-unknown' } });
    expect(res.statusCode).toBe(415);
    expect(Object.keys(res.json())).toEqual(['message']);
  });

  it('keeps notification delivery to its owner: a session for each call, an admin for the digest run, a signed token to unsubscribe', async () => {
    const calls = [
      ['GET', '/api/Notification'],
      ['POST', '/api/Notification/MarkAllAsRead'],
      ['GET', '/api/notification-settings'],
      ['PUT', '/api/notification-settings'],
      ['POST', '/api/push-subscriptions'],
      ['DELETE', '/api/push-subscriptions?endpoint=https%3A%2F%2Fpush.example%2Fx'],
      ['POST', '/api/admin/notifications/digest'],
    ] as const;
    for (const [method, url] of calls) expect((await t.app.inject({ method, url })).statusCode, `${method} ${url}`).toBe(401);
    const user = await createUser(t.app);
    const run = await t.app.inject({ method: 'POST', url: '/api/admin/notifications/digest', headers: { cookie: user.cookie } });
    expect(run.statusCode).toBe(403);
    const forged = await t.app.inject({ method: 'POST', url: `/api/notifications/unsubscribe?token=${user.id}.${'x'.repeat(43)}` });
    expect(forged.statusCode).toBe(422);
    expect(forged.json()).toEqual({ message: 'Invalid or expired link' });
  });

  it('hides the details of a server error', async () => {
    // A unique session hash collision cannot be provoked from outside; a broken database can.
    const scratch = await buildTestApp(kind);
    try {
      await scratch.app.db.schema.dropTable('sessions').execute();
      await scratch.app.db.insertInto('users').values({ uuid_id: 'u-1', first_name: 'A', last_name: 'B', username: 'brokenuser', email: 'b@example.test', password_hash: 'x', mobile_phone: null, role: 1, enabled: 1, email_verified: 1, can_provision: 0, is_pre_release: 0, organisation_id: null, distributor_id: 1, last_login: null, created_at: new Date().toISOString() }).execute();
      const res = await scratch.app.inject({ method: 'GET', url: '/api/users/me', headers: { cookie: 'sid=abc' } });
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ message: 'Something went wrong on our side. Please try again.' });
      expect(res.body).not.toContain('sessions');
    } finally {
      await scratch.close();
    }
  });
});

describe.each(dbKinds)('e-mail over SMTP (%s)', (kind) => {
  let t: TestApp;
  let server: SMTPServer;
  const received: { to: string[]; raw: string }[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.server.address() as { port: number }).port;
    t = await buildTestApp(kind, { smtpUrl: `smtp://127.0.0.1:${port}` });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the verification mail through the SMTP server; its link verifies the account', async () => {
    const email = `smtp${Date.now()}@example.test`;
    const res = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: { firstName: 'Sam', lastName: 'Smtp', email, username: `smtp${Date.now()}`, password: 'Secret123' } });
    expect(res.statusCode).toBe(201);
    // The mail goes out from the job queue (tests run the worker by hand).
    await t.app.jobs.drain();
    const mail = received.find((m) => m.to.includes(email));
    expect(mail).toBeDefined();
    expect(mail!.raw).toContain('Subject: Verify your REALITi Community account');
    const text = mail!.raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = text.match(/http:\/\/localhost:3000\/emailverified\/[A-Za-z0-9_-]+/)?.[0];
    expect(link).toBeTruthy();
    const token = link!.split('/').pop();
    const verify = await t.app.inject({ method: 'POST', url: `/api/users/VerifyEmail?token=${token}` });
    expect(verify.statusCode).toBe(200);
    expect(verify.json()).toEqual({ message: 'Account Verified. Please login below.' });
    // Nothing was written as a file: SMTP replaced the .eml default.
    const fs = await import('node:fs');
    expect(fs.existsSync(`${t.dataDir}/mail`)).toBe(false);
  });
});
