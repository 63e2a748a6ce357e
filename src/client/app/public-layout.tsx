// The frame of the public pages (login, register, terms...) and the footer every page shows. Its
// own module, free of the signed-in shell's start-up work, so the build can render the login
// screen in Node (src/client/prerender/login.tsx).
import { Suspense } from 'react';
import { Link, Outlet } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useFirstScreen } from '../lib/first-screen';

export function Footer() {
  const { t } = useTranslation('common');
  return (
    <footer className="footer">
      <Link to="/terms">{t('footer.terms')}</Link>
      <Link to="/privacy">{t('footer.privacy')}</Link>
      <Link to="/accessibility">{t('footer.accessibility')}</Link>
      <span>{t('footer.copyright', { year: new Date().getFullYear() })}</span>
    </footer>
  );
}

/** Public pages (login, register, terms...) have no navigation. */
export function PublicLayout() {
  useFirstScreen();
  return (
    <div className="app public">
      <main className="main narrow" id="main">
        {/* A screen's texts come with its route; one that reads a namespace its route did not bring waits here. */}
        <Suspense fallback={null}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}
