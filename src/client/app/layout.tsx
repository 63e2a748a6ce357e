import { Suspense, useEffect, useState, type FormEvent } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, NavLink, Outlet, useLocation, useNavigate } from 'react-router-dom';
import { hasRole, Role } from '../../shared/enums';
import { useMe } from '../features/auth/api/get-me';
import { isNativeApp, useDeviceInfo } from '../lib/native-bridge';
import { NotificationBell } from '../features/notifications/components/notification-bell';
import { mediaQueryKey } from '../features/media/api/get-media-library';
import { scenarioKeys } from '../features/scenarios/api/keys';
import { HomeScreenOffer } from '../offline/components/home-screen-offer';
import { OfflineBanner } from '../offline/components/offline-banner';
import { Spinner } from '../components/spinner';
import { useVisitedLog } from '../offline/visited';
import { useOnline } from '../offline/use-online';
import { afterStartup, BACKGROUND_DELAY_MS } from '../lib/after-startup';
import { useDropdownDismiss } from '../lib/dropdowns';
import { Footer, PublicLayout } from './public-layout';
import { useTranslation } from 'react-i18next';

/** Closes the enclosing <details> dropdown after a menu choice. */
function closeMenu(e: { currentTarget: HTMLElement }) {
  e.currentTarget.closest('details')?.removeAttribute('open');
}

function DeviceInfoDropdown() {
  const info = useDeviceInfo();
  const { t } = useTranslation('common');
  return (
    <details className="dropdown">
      <summary aria-label={t('nav.deviceInfo')}>{t('nav.device')}</summary>
      <div className="dropdown-menu dropdown-menu-right device-info">
        {info.hasInfo ? (
          <dl>
            <dt>{t('nav.deviceId')}</dt>
            <dd data-testid="device-id">{info.device_id}</dd>
            <dt>{t('nav.deviceProduct')}</dt>
            <dd data-testid="device-product">{info.product}</dd>
          </dl>
        ) : (
          <p className="muted">{t('nav.noDeviceInfo')}</p>
        )}
      </div>
    </details>
  );
}

function SiteSearch() {
  const navigate = useNavigate();
  const { t } = useTranslation('common');
  const [term, setTerm] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (term.trim()) navigate(`/search?q=${encodeURIComponent(term.trim())}`);
  };
  return (
    <form role="search" onSubmit={submit} className="site-search">
      <label htmlFor="site-search" className="visually-hidden">{t('nav.searchLabel')}</label>
      <input id="site-search" type="search" placeholder={t('nav.searchPlaceholder')} value={term} onChange={(e) => setTerm(e.target.value)} />
    </form>
  );
}

function TopBar() {
  const { data: me } = useMe();
  const { t } = useTranslation('common');
  const native = isNativeApp();
  const { pathname } = useLocation();
  // Phones: the main navigation folds behind a menu button and closes after each navigation.
  const [navOpen, setNavOpen] = useState(false);
  useEffect(() => setNavOpen(false), [pathname]);
  // Favourites made on another device are kept on this one too, whenever the server is reachable.
  const online = useOnline();
  const userId = me?.id;
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!online || !userId) return;
    let cancelled = false;
    // Once the first screen is done.
    void afterStartup(BACKGROUND_DELAY_MS)
      .then(() => (cancelled ? false : import('../offline/favourites').then(({ syncOfflineFavourites }) => syncOfflineFavourites())))
      .then((changed) => {
        // Favourited or unfavourited on another device: refresh the lists that show favourites.
        if (changed) void Promise.all([queryClient.invalidateQueries({ queryKey: scenarioKeys.all }), queryClient.invalidateQueries({ queryKey: mediaQueryKey })]);
      });
    return () => {
      cancelled = true;
    };
  }, [online, userId, queryClient]);
  if (!me) return null;
  const isAdmin = hasRole(me.role, Role.Admin);
  return (
    <header className={`top-bar${navOpen ? ' nav-open' : ''}`}>
      <Link to="/feed" className="brand" aria-label={t('nav.home')}>
        <img src="/favicon.svg" alt="" width="28" height="28" />
        <span>Community</span>
      </Link>
      <button type="button" className="nav-toggle" aria-expanded={navOpen} aria-controls="main-nav" onClick={() => setNavOpen((o) => !o)}>
        <span aria-hidden="true">☰</span> {t('nav.menu')}
      </button>
      <nav className="main-nav" id="main-nav" aria-label={t('nav.main')}>
        <NavLink to="/feed">{t('nav.feed')}</NavLink>
        <NavLink to="/scenarios">{t('nav.scenarios')}</NavLink>
        <NavLink to="/media">{t('nav.media')}</NavLink>
        {me.canProvision && native && <NavLink to="/me/provisioning">{t('nav.licensing')}</NavLink>}
        <NavLink to="/tms">{t('nav.tms')}</NavLink>
        {me.isPreRelease && <NavLink to="/me/pre-release">{t('nav.preRelease')}</NavLink>}
      </nav>
      <div className="top-bar-tools">
        <SiteSearch />
        <DeviceInfoDropdown />
        <NotificationBell />
        <details className="dropdown user-menu">
          {/* The name starts with the text the button shows (WCAG 2.5.3): 'EE User menu'. */}
          <summary aria-label={t('nav.userMenu', { initials: `${me.first_name.charAt(0)}${me.last_name.charAt(0)}` })}>
            <span className="avatar" aria-hidden="true">{me.first_name.charAt(0)}{me.last_name.charAt(0)}</span>
          </summary>
          <div className="dropdown-menu dropdown-menu-right" onClick={closeMenu}>
            <p className="dropdown-header">{me.first_name} {me.last_name}</p>
            <Link to="/me">{t('nav.myProfile')}</Link>
            <Link to="/scenarios/upload">{t('nav.uploadScenarios')}</Link>
            <Link to="/media/upload">{t('nav.uploadMedia')}</Link>
            <Link to="/me/scenarios">{t('nav.myScenarios')}</Link>
            <Link to="/me/media">{t('nav.myMedia')}</Link>
            <Link to="/me/forum/groups">{t('nav.myGroups')}</Link>
            <Link to="/me/downloads">{t('nav.downloads')}</Link>
            <Link to="/me/support">{t('nav.support')}</Link>
            {isAdmin && <Link to="/admin">{t('nav.adminDashboard')}</Link>}
            {isAdmin && <Link to="/admin/licences">{t('nav.licences')}</Link>}
            {isAdmin && <Link to="/admin/builds">{t('nav.appBuilds')}</Link>}
            <Link to="/logout">{t('nav.signOut')}</Link>
          </div>
        </details>
      </div>
    </header>
  );
}

export function AppLayout() {
  useDropdownDismiss();
  // The pages opened online, for what a screen not kept offline points to.
  useVisitedLog(useMe().data?.uuid_id);
  return (
    <div className="app">
      <TopBar />
      <OfflineBanner />
      <HomeScreenOffer />
      <main className="main" id="main">
        {/* A screen's texts come with its route; one that reads a namespace its route did not bring waits here. */}
        <Suspense fallback={<Spinner />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
    </div>
  );
}

/** Terms and Privacy: the app's top bar for a signed-in user, no navigation otherwise. */
export function OpenLayout() {
  const { data: me } = useMe();
  return me ? <AppLayout /> : <PublicLayout />;
}
