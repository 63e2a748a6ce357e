// Limits on accounts: failed sign-ins counted per account and per address in
// the database, successful ones never; e-mail sending calls per address and per target e-mail;
// X-Forwarded-For only counts when TRUST_PROXY names the proxy in front.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { loadConfig } from '../../src/server/config.js';
import { clientNetwork } from '../../src/server/features/auth/limits.js';
import { as, buildTestApp, createUser, dbKinds, mailCount, TEST_PASSWORD, type TestApp } from './helpers.js';

const LOGIN_MAX = 3;
/** Failed sign-ins per address: its own setting, higher than per account. */
const ADDRESS_MAX = 6;
const EMAIL_MAX = 2;
const LIMITS = { login: LOGIN_MAX, loginAddress: ADDRESS_MAX, email: EMAIL_MAX, windowMs: 60_000 };
const LOGIN_429 = /^Too many failed sign-in attempts\. Please try again in (1 minute|\d+ seconds?)\.$/;
const EMAIL_429 = /^Too many e-mails requested\. Please try again in (1 minute|\d+ seconds?)\.$/;

let counter = 0;
/** A fresh client address per test, so tests do not share the per-address counters. */
const nextAddress = () => `10.9.${Math.floor(counter / 200)}.${(counter++ % 200) + 1}`;

function signIn(app: FastifyInstance, username: string, password: string, extra: Partial<InjectOptions> = {}) {
  return app.inject({ method: 'POST', url: '/api/auth', payload: { username, password }, ...extra });
}

describe.each(dbKinds)('login limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { rateLimit: LIMITS });
  });
  afterAll(() => t.close());

  it('successful sign-ins never count: a class of 30 signing in together from one address all get in', async () => {
    const students = [];
    for (let i = 0; i < 30; i += 1) students.push(await createUser(t.app, { username: `student_${kind}_${i}` }));
    const school = nextAddress();
    // Two typos first: the address is one failure short of its limit.
    for (let i = 0; i < LOGIN_MAX - 1; i += 1) expect((await signIn(t.app, students[0].username, 'Wrong1234', { remoteAddress: school })).statusCode).toBe(401);
    const results = await Promise.all(students.map((s) => signIn(t.app, s.username, TEST_PASSWORD, { remoteAddress: school })));
    expect(results.map((r) => r.statusCode)).toEqual(students.map(() => 200));
  });

  it('failures are limited per account from any address; the 429 says when to try again, even for the right password', async () => {
    const u = await createUser(t.app);
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX; i += 1) codes.push((await signIn(t.app, u.username, 'Wrong1234', { remoteAddress: nextAddress() })).statusCode);
    expect(codes).toEqual([401, 401, 401]);
    const blocked = await signIn(t.app, u.email, TEST_PASSWORD, { remoteAddress: nextAddress() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(LOGIN_429);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // The account's old sessions are untouched.
    expect((await as(t.app, u, { method: 'GET', url: '/api/users/me' })).statusCode).toBe(200);
  });

  it('an unknown name is limited like an account, so the answers do not tell which names exist', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= LOGIN_MAX; i += 1) codes.push((await signIn(t.app, `ghost_${kind}`, 'Wrong1234', { remoteAddress: nextAddress() })).statusCode);
    expect(codes).toEqual([401, 401, 401, 429]);
  });

  it('a successful sign-in does not use up the account: failures below the limit, then sign-ins keep working', async () => {
    const u = await createUser(t.app);
    const from = nextAddress();
    for (let i = 0; i < LOGIN_MAX - 1; i += 1) expect((await signIn(t.app, u.username, 'Wrong1234', { remoteAddress: from })).statusCode).toBe(401);
    for (let i = 0; i < 5; i += 1) expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: from })).statusCode).toBe(200);
  });

  it('failures are limited per address across accounts at the address limit; another address is not affected', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX; i += 1) codes.push((await signIn(t.app, `spray_${kind}_${i}`, 'Wrong1234', { remoteAddress: from })).statusCode);
    expect(codes).toEqual([...Array<number>(ADDRESS_MAX).fill(401), 429]);
    const u = await createUser(t.app);
    const blocked = await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(LOGIN_429);
    expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(200);
  });

  it('an address has its own, higher limit: typos by a class behind one address beyond the account limit do not lock the others out', async () => {
    const school = nextAddress();
    const students = [];
    for (let i = 0; i < 3; i += 1) students.push(await createUser(t.app, { username: `typo_${kind}_${i}` }));
    // More failures from the address than one account may have, spread over two students.
    for (let i = 0; i < LOGIN_MAX - 1; i += 1) expect((await signIn(t.app, students[0].username, 'Wrong1234', { remoteAddress: school })).statusCode).toBe(401);
    for (let i = 0; i < LOGIN_MAX - 1; i += 1) expect((await signIn(t.app, students[1].username, 'Wrong1234', { remoteAddress: school })).statusCode).toBe(401);
    for (const s of students) expect((await signIn(t.app, s.username, TEST_PASSWORD, { remoteAddress: school })).statusCode).toBe(200);
  });

  it('the address limit is read from RATE_LIMIT_LOGIN_ADDRESS and defaults to 100', () => {
    expect(loadConfig({}).rateLimit.loginAddress).toBe(100);
    expect(loadConfig({ RATE_LIMIT_LOGIN_ADDRESS: '250' }).rateLimit.loginAddress).toBe(250);
    expect(loadConfig({}).rateLimit.login).toBe(10);
  });

  it('a burst of simultaneous guesses at one account gets no more than the limit', async () => {
    const u = await createUser(t.app);
    const results = await Promise.all(Array.from({ length: 12 }, () => signIn(t.app, u.username, 'Wrong1234', { remoteAddress: nextAddress() })));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 401).length).toBe(LOGIN_MAX);
    expect(codes.filter((c) => c === 429).length).toBe(12 - LOGIN_MAX);
  });

  it('IPv6 clients are counted by their /64, so rotating through it does not help', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX; i += 1) codes.push((await signIn(t.app, `six_${kind}_${i}`, 'Wrong1234', { remoteAddress: `2001:db8:${kind === 'sqlite' ? 5 : 6}:7::${i + 1}` })).statusCode);
    expect(codes).toEqual([...Array<number>(ADDRESS_MAX).fill(401), 429]);
  });

  it('a wrong password on an unverified or disabled account counts; the right one does not', async () => {
    const u = await createUser(t.app);
    await t.app.db.updateTable('users').set({ email_verified: 0 }).where('id', '=', u.id).execute();
    for (let i = 0; i < 5; i += 1) expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(403);
    for (let i = 0; i < LOGIN_MAX; i += 1) expect((await signIn(t.app, u.username, 'Wrong1234', { remoteAddress: nextAddress() })).statusCode).toBe(401);
    expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(429);
  });

  it('with TRUST_PROXY off (the default), a client rotating X-Forwarded-For still meets the limit', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX; i += 1) {
      const res = await signIn(t.app, `rotator_${kind}_${i}`, 'Wrong1234', { remoteAddress: from, headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(ADDRESS_MAX).fill(401), 429]);
  });

  it('invalid verification and reset links are limited per address; valid ones never count', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i < LOGIN_MAX; i += 1) {
      const url = i % 2 ? '/api/password/ResetPassword' : `/api/users/VerifyEmail?token=guess${i}`;
      const payload = i % 2 ? { token: `guess${i}`, newPassword: 'BrandNew99' } : undefined;
      codes.push((await t.app.inject({ method: 'POST', url, payload, remoteAddress: from })).statusCode);
    }
    expect(codes).toEqual([422, 422, 422]);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/users/VerifyEmail?token=guess-x', remoteAddress: from });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(/^Too many invalid links\. Please try again in (1 minute|\d+ seconds?)\.$/);
    expect((await t.app.inject({ method: 'POST', url: '/api/users/VerifyEmail?token=guess-y', remoteAddress: nextAddress() })).statusCode).toBe(422);
  });

  it('the counters live in the database: they survive a restart (and so are shared by several processes)', async () => {
    const from = nextAddress();
    for (let i = 0; i < ADDRESS_MAX; i += 1) expect((await signIn(t.app, `restart_${kind}_${i}`, 'Wrong1234', { remoteAddress: from })).statusCode).toBe(401);
    await t.restart();
    expect((await signIn(t.app, `restart_${kind}_x`, 'Wrong1234', { remoteAddress: from })).statusCode).toBe(429);
  });

  it('a counter starts afresh once its window has passed', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i <= LOGIN_MAX; i += 1) await signIn(t.app, u.username, 'Wrong1234', { remoteAddress: nextAddress() });
    expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(429);
    await t.app.db.updateTable('rate_limits').set({ window_start: '2000-01-01T00:00:00.000Z' }).execute();
    expect((await signIn(t.app, u.username, TEST_PASSWORD, { remoteAddress: nextAddress() })).statusCode).toBe(200);
  });
});

describe.each(dbKinds)('TRUST_PROXY set (%s)', (kind) => {
  let hops: TestApp;
  let list: TestApp;
  beforeAll(async () => {
    hops = await buildTestApp(kind, { rateLimit: LIMITS, trustProxy: 1 });
    list = await buildTestApp(kind, { rateLimit: LIMITS, trustProxy: ['127.0.0.1', '10.0.0.0/8'] });
  });
  afterAll(async () => {
    await hops.close();
    await list.close();
  });

  it('a hop count: the address the proxy saw is the one counted', async () => {
    const codes: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX; i += 1) {
      const res = await signIn(hops.app, `hop_${i}`, 'Wrong1234', { headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual(Array<number>(ADDRESS_MAX + 1).fill(401));
    // One client behind the proxy still meets its own limit.
    for (let i = 0; i < ADDRESS_MAX; i += 1) await signIn(hops.app, `same_${i}`, 'Wrong1234', { headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect((await signIn(hops.app, 'same_x', 'Wrong1234', { headers: { 'x-forwarded-for': '198.51.100.7' } })).statusCode).toBe(429);
  });

  it('a list of proxy addresses: only a listed proxy may name the client', async () => {
    for (let i = 0; i <= ADDRESS_MAX; i += 1) {
      const res = await signIn(list.app, `listed_${i}`, 'Wrong1234', { remoteAddress: '10.1.1.1', headers: { 'x-forwarded-for': `203.0.113.${i + 1}` } });
      expect(res.statusCode).toBe(401);
    }
    const codes: number[] = [];
    for (let i = 0; i <= ADDRESS_MAX; i += 1) {
      const res = await signIn(list.app, `unlisted_${i}`, 'Wrong1234', { remoteAddress: '192.0.2.50', headers: { 'x-forwarded-for': `203.0.113.${i + 100}` } });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([...Array<number>(ADDRESS_MAX).fill(401), 429]);
  });
});

describe.each(dbKinds)('e-mail limits (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { rateLimit: LIMITS });
  });
  afterAll(() => t.close());

  const resetRequest = (who: string, from: string) =>
    t.app.inject({ method: 'POST', url: '/api/password/SendEmail', payload: { username: who }, remoteAddress: from });
  const resend = (who: string, from: string) =>
    t.app.inject({ method: 'GET', url: `/api/users/ResendVerificationEmail?email=${encodeURIComponent(who)}`, remoteAddress: from });

  it('reset requests are limited per target e-mail from any address, by e-mail or username alike', async () => {
    const u = await createUser(t.app);
    const codes = [
      (await resetRequest(u.email, nextAddress())).statusCode,
      (await resetRequest(u.username.toUpperCase(), nextAddress())).statusCode,
    ];
    const third = await resetRequest(` ${u.email} `, nextAddress());
    codes.push(third.statusCode);
    expect(codes).toEqual([200, 200, 429]);
    expect(third.json().message).toMatch(EMAIL_429);
    await t.app.jobs.drain();
  });

  it('reset requests are limited per address across targets', async () => {
    const from = nextAddress();
    const codes: number[] = [];
    for (let i = 0; i <= EMAIL_MAX; i += 1) codes.push((await resetRequest(`nobody${i}@example.test`, from)).statusCode);
    expect(codes).toEqual([200, 200, 429]);
  });

  it('verification resends are limited per target and per address', async () => {
    const target = `unverified_${kind}@example.test`;
    const perTarget: number[] = [];
    for (let i = 0; i <= EMAIL_MAX; i += 1) perTarget.push((await resend(target, nextAddress())).statusCode);
    expect(perTarget).toEqual([200, 200, 429]);
    const from = nextAddress();
    const perAddress: number[] = [];
    for (let i = 0; i <= EMAIL_MAX; i += 1) perAddress.push((await resend(`someone${i}@example.test`, from)).statusCode);
    expect(perAddress).toEqual([200, 200, 429]);
  });

  it('registration is limited per address and per target e-mail', async () => {
    const from = nextAddress();
    const account = (i: number) => ({ firstName: 'Rae', lastName: 'Reg', email: `rae${kind}${i}@example.test`, username: `rae${kind}${i}`, password: 'Secret123' });
    const codes: number[] = [];
    for (let i = 0; i <= EMAIL_MAX; i += 1) codes.push((await t.app.inject({ method: 'POST', url: '/api/users/register', payload: account(i), remoteAddress: from })).statusCode);
    expect(codes).toEqual([201, 201, 429]);
    // The same address again from elsewhere: a duplicate (409) still counts as a call for that e-mail.
    const again = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: { ...account(9), email: account(0).email }, remoteAddress: nextAddress() });
    expect(again.statusCode).toBe(409);
    const blocked = await t.app.inject({ method: 'POST', url: '/api/users/register', payload: { ...account(8), email: account(0).email }, remoteAddress: nextAddress() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(EMAIL_429);
  });

  it('SendEmailLoggedIn is limited per target e-mail, shared with the reset request', async () => {
    const u = await createUser(t.app);
    expect((await as(t.app, u, { method: 'POST', url: '/api/password/SendEmailLoggedIn', remoteAddress: nextAddress() })).statusCode).toBe(200);
    expect((await resetRequest(u.email, nextAddress())).statusCode).toBe(200);
    const blocked = await as(t.app, u, { method: 'POST', url: '/api/password/SendEmailLoggedIn', remoteAddress: nextAddress() });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().message).toMatch(EMAIL_429);
  });

  it('a refused call sends nothing', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < EMAIL_MAX; i += 1) await resetRequest(u.email, nextAddress());
    await t.app.jobs.drain();
    const before = mailCount(t.dataDir);
    expect((await resetRequest(u.email, nextAddress())).statusCode).toBe(429);
    await t.app.jobs.drain();
    expect(mailCount(t.dataDir)).toBe(before);
  });
});

describe('limit keys and settings', () => {
  it('counts IPv4 as it is (also when mapped into IPv6) and IPv6 by its /64', () => {
    expect(clientNetwork('203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('::ffff:203.0.113.9')).toBe('203.0.113.9');
    expect(clientNetwork('2001:db8:1:2::1')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:0db8:0001:0002:ffff:ffff:ffff:ffff')).toBe('2001:db8:1:2::/64');
    expect(clientNetwork('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(clientNetwork('::1')).toBe('0:0:0:0::/64');
    expect(clientNetwork('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetwork('64:ff9b::192.0.2.1')).toBe('64:ff9b:0:0::/64');
  });

  it('TRUST_PROXY is off by default, or a hop count, or a list of proxy addresses; anything else stops the start', () => {
    const trust = (value?: string) => loadConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
    expect(trust()).toBe(false);
    expect(trust('')).toBe(false);
    expect(trust('off')).toBe(false);
    expect(trust('0')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust(' 10.0.0.1, 192.168.0.0/16 ,loopback,::1')).toEqual(['10.0.0.1', '192.168.0.0/16', 'loopback', '::1']);
    for (const bad of ['true', 'yes', '10.0.0.1/33', 'proxy.example', '11', '10.0.0.1,,proxy']) {
      expect(() => trust(bad), bad).toThrow(/^Invalid configuration TRUST_PROXY: must be off, a hop count/);
    }
  });
});
