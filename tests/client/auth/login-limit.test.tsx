// @vitest-environment happy-dom
// The login screen with the real server behind it: after too many failed attempts the
// screen shows the server's message saying when to try again, not 'Incorrect username or password!'.
// fetch is answered by the API in-process (inject), so the 429 is the server's own.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { Component as Login } from '../../../src/client/features/auth/routes/login';
import { buildTestApp, createUser, TEST_PASSWORD, type TestApp } from '../../server/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp('sqlite', { rateLimit: { login: 2, email: 2, windowMs: 60_000 } });
  vi.stubGlobal('fetch', async (input: string | URL, init: RequestInit = {}) => {
    const res = await t.app.inject({
      method: (init.method ?? 'GET') as 'GET',
      url: String(input),
      headers: init.headers as Record<string, string>,
      payload: typeof init.body === 'string' ? init.body : undefined,
    });
    return new Response(res.body || null, { status: res.statusCode, headers: { 'content-type': String(res.headers['content-type'] ?? 'application/json') } });
  });
});
afterEach(cleanup);
afterAll(async () => {
  vi.unstubAllGlobals();
  await t.close();
});

async function signInOnScreen(username: string, password: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route path="/login" element={<Login />} />
          <Route path="/feed" element={<p>The feed</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
  fireEvent.change(await screen.findByLabelText('Username'), { target: { value: username } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login screen and the sign-in limit', () => {
  it('a wrong password still reads "Incorrect username or password!"', async () => {
    const u = await createUser(t.app);
    await signInOnScreen(u.username, 'Wrong1234');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect username or password!');
  });

  it('after too many failures the screen says when to try again, even with the right password', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 2; i += 1) {
      const res = await t.app.inject({ method: 'POST', url: '/api/auth', payload: { username: u.username, password: 'Wrong1234' }, remoteAddress: `10.7.0.${i + 1}` });
      expect(res.statusCode).toBe(401);
    }
    await signInOnScreen(u.username, TEST_PASSWORD);
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed sign-in attempts. Please try again in 1 minute.');
    expect(screen.queryByText('The feed')).toBeNull();
  });
});
