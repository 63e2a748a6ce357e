// Build time only (scripts/vite-prerender.ts renders this in Node): the login screen as HTML, in
// each language. The build writes it into dist/login.html (English) and login.de.html, which the
// server sends for /login in the visitor's language, so a first visit paints the form before the
// app's script has loaded. The app then renders the same screen over it and
// keeps what was typed meanwhile (lib/prerendered.ts).
import { renderToString } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { i18n } from '../i18n';
import { PublicLayout } from '../app/public-layout';
import { Component as Login } from '../features/auth/routes/login';

export async function render(language: string): Promise<string> {
  await i18n.changeLanguage(language);
  // The screen's own texts, which come with its route in the app.
  await i18n.loadNamespaces(['auth']);
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
