// Build time only (scripts/vite-prerender.ts renders this in Node): the login screen as HTML. The
// build writes it into dist/login.html, which the server sends for /login, so a first visit paints
// the form before the app's script has loaded. The app then renders the same screen over it and
// keeps what was typed meanwhile (lib/prerendered.ts).
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import '../i18n';
import { PublicLayout } from '../app/public-layout';
import { Component as Login } from '../features/auth/routes/login';

export function render(): string {
  return renderToString(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Routes>
          <Route element={<PublicLayout />}>
            <Route path="/login" element={<Login />} />
          </Route>
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}
