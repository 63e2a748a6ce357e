import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { PersistQueryClientProvider, persistQueryClientSubscribe } from '@tanstack/react-query-persist-client';
import { RouterProvider } from 'react-router-dom';
import { queryClient } from './lib/query-client';
import { createRouter } from './app/router';
import { isPublicPath, setUnauthorizedHandler } from './lib/api';
import { meQueryKey } from './features/auth/api/get-me';
import { askMeEarly } from './lib/current-user';
import { yieldToMain } from './lib/yield';
import { afterFirstScreen } from './lib/first-screen';
import { DialogProvider } from './components/confirm';
import { ToastProvider } from './components/toast';
import { markRestoredStale, persistOptions } from './offline/persist';
import { offlineDbExists } from './offline/db-exists';
import { installRequestGate, startOffline } from './offline/setup';
import { UpdatePrompt } from './offline/components/update-prompt';
import { languageReady } from './i18n';
import './styles.css';

// Start-up runs in short steps, each its own task, so a slow phone's main thread never stays busy
// long enough to miss a tap (the first screen renders in a transition, in slices, too).
async function boot() {
  // Who is signed in, asked now rather than once the route's code and the persisted cache are loaded
  // (after a sign-out still waiting to be sent, if any: the gate is in place first).
  installRequestGate();
  askMeEarly(window.location.pathname);
  await yieldToMain();

  // The router starts loading the first route's code as it is created. The app renders once that
  // code is there: until then the page's own HTML stays (the boot splash, or the login form the
  // build wrote into login.html), rather than an empty page.
  const router = createRouter();
  const routed = router.state.initialized
    ? Promise.resolve()
    : new Promise<void>((resolve) => {
        const stop = router.subscribe((state) => {
          if (!state.initialized) return;
          stop();
          resolve();
        });
      });
  // Any 401 sends the user to /login (spec section 2).
  setUnauthorizedHandler(() => {
    queryClient.setQueryData(meQueryKey, null);
    if (!isPublicPath(window.location.pathname)) void router.navigate('/login');
  });
  await yieldToMain();

  // Reachability check, outbox replay loop.
  startOffline(queryClient);
  // Debriefs the native wrapper hands over go to the server through the outbox; the
  // bridge keeps any handed over before this code has loaded. Its own chunk, fetched as soon as the
  // first screen has been painted (lib/first-screen.ts).
  void afterFirstScreen()
    .then(() => import('./features/tms/api/hand-over-debrief'))
    .then(({ startDebriefHandover }) => startDebriefHandover(queryClient));
  const persist = persistOptions(queryClient);
  await yieldToMain();

  // A first visit has no offline copy to restore: the app renders and asks the server at once,
  // and the cache is saved from then on. Otherwise the pages wait for the copy to be restored, so
  // they open offline with their last data.
  const restore = await offlineDbExists();
  const restoring = Date.now();
  // (The persister's QueryClient type comes from its own copy of query-core; the object is the same.)
  type SaveOptions = Parameters<typeof persistQueryClientSubscribe>[0];
  if (!restore) persistQueryClientSubscribe({ ...persist, queryClient: queryClient as unknown as SaveOptions['queryClient'] } as SaveOptions);
  const app = (
    <ToastProvider>
      <DialogProvider>
        <RouterProvider router={router} />
        <UpdatePrompt />
      </DialogProvider>
    </ToastProvider>
  );
  // (A visitor reading another language than English: its catalogues, fetched beside the route's code.)
  await Promise.all([routed, languageReady]);
  const root = createRoot(document.getElementById('root')!);
  startTransition(() => {
    root.render(
      <StrictMode>
        {restore ? (
          <PersistQueryClientProvider client={queryClient} persistOptions={persist} onSuccess={() => markRestoredStale(queryClient, restoring)}>
            {app}
          </PersistQueryClientProvider>
        ) : (
          <QueryClientProvider client={queryClient}>{app}</QueryClientProvider>
        )}
      </StrictMode>,
    );
  });
}

void boot();
