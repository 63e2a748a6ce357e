// @vitest-environment happy-dom
// A screen whose code cannot be fetched (the network dropped before the service worker kept the
// app's files) or that fails to render shows a message with a Reload button inside the app's frame,
// never the router's bare error page; a part of a screen loaded with lazyNow that cannot be fetched
// shows nothing and the screen goes on working.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Suspense } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router-dom';
import i18n from '../../src/client/i18n';
import { RouteError } from '../../src/client/app/route-error';
import { lazyNow } from '../../src/client/lib/lazy-now';
import { useFirstScreen } from '../../src/client/lib/first-screen';

afterEach(cleanup);
// (React and the router log the errors these tests cause on purpose.)
beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
  vi.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => vi.restoreAllMocks());

/** The first screen is painted: the parts lazyNow fetches ahead start loading. */
function Painted() {
  useFirstScreen();
  return null;
}

const notFetched = () => new TypeError('Failed to fetch dynamically imported module: http://localhost/assets/pending-posts-x1.js');

function Frame() {
  return (
    <div>
      <nav>Main navigation</nav>
      <Outlet />
    </div>
  );
}

function Broken(): never {
  throw new Error('Cannot read properties of undefined');
}

const appRoutes = (): RouteObject[] => [
  {
    element: <Frame />,
    children: [
      {
        errorElement: <RouteError />,
        children: [
          { path: '/feed', element: <p>The feed</p> },
          { path: '/tms', lazy: () => Promise.reject(notFetched()) },
          { path: '/broken', element: <Broken /> },
        ],
      },
    ],
  },
];

async function open(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('a screen that cannot be shown', () => {
  it('whose code cannot be fetched says so inside the frame, with Reload', async () => {
    await act(() => i18n.changeLanguage('en'));
    await open('/tms');
    expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeTruthy();
    expect(screen.getByText('Part of the app could not be fetched. Check your connection and reload the page.')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Reload' })).toBeTruthy();
    expect(screen.getByText('Main navigation')).toBeTruthy();
    expect(screen.queryByText(/Unexpected Application Error/)).toBeNull();
  });

  it('that fails to render says something went wrong, in German too', async () => {
    await act(() => i18n.changeLanguage('de'));
    await open('/broken');
    expect(await screen.findByRole('heading', { name: 'Auf dieser Seite ist ein Fehler aufgetreten' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Neu laden' })).toBeTruthy();
    expect(screen.getByText('Main navigation')).toBeTruthy();
    await act(() => i18n.changeLanguage('en'));
  });

  it('another screen of the app still opens', async () => {
    const router = await open('/tms');
    await screen.findByRole('heading', { name: 'This page could not be loaded' });
    await act(() => router.navigate('/feed'));
    expect(await screen.findByText('The feed')).toBeTruthy();
  });
});

describe('a part loaded with lazyNow', () => {
  it('that cannot be fetched shows nothing, and the screen around it stays', async () => {
    const Pending = lazyNow(() => Promise.reject<{ default: () => null }>(notFetched()));
    render(
      <main>
        <Painted />
        <h1>Home</h1>
        <Suspense fallback={<p>Loading…</p>}>
          <Pending />
        </Suspense>
      </main>,
    );
    await act(() => new Promise((r) => setTimeout(r, 50)));
    expect(screen.getByRole('heading', { name: 'Home' })).toBeTruthy();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('that fails for another reason passes the error on', async () => {
    const Part = lazyNow(() => Promise.resolve({ default: Broken }));
    const router = createMemoryRouter([{ path: '/', errorElement: <RouteError />, element: <Suspense fallback={null}><Part /></Suspense> }]);
    render(<RouterProvider router={router} />);
    expect(await screen.findByRole('heading', { name: 'Something went wrong on this page' }, { timeout: 2_000 })).toBeTruthy();
  });
});
