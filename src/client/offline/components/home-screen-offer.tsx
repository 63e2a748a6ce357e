// Add to Home Screen, offered once in iPad Safari: Safari deletes a website's data after
// 7 days without use, which would take the kept favourites and any unsent post with it; an app on
// the Home Screen keeps its data and can ask for persistent storage. Not shown once installed,
// inside the native wrapper, or in other browsers (they cannot add to the Home Screen on iPadOS).
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isNativeApp } from '../../lib/native-bridge';

const SEEN_KEY = 'community.homeScreenOffer';

/** iPad (iPadOS 13+ says Macintosh but has touch) in Safari itself, not another iOS browser. */
export function isIpadSafari(nav: Pick<Navigator, 'userAgent' | 'maxTouchPoints'> = navigator): boolean {
  const ua = nav.userAgent;
  const ipad = /\biPad\b/.test(ua) || (/\bMacintosh\b/.test(ua) && nav.maxTouchPoints > 1);
  return ipad && /Version\/[\d.]+.*Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\//.test(ua);
}

function installed(): boolean {
  return (navigator as Navigator & { standalone?: boolean }).standalone === true || window.matchMedia?.('(display-mode: standalone)').matches === true;
}

function seen(): boolean {
  try {
    return localStorage.getItem(SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

export function HomeScreenOffer() {
  const [open, setOpen] = useState(() => !isNativeApp() && isIpadSafari() && !installed() && !seen());
  const { t } = useTranslation('offline');
  if (!open) return null;
  const dismiss = () => {
    try {
      localStorage.setItem(SEEN_KEY, String(Date.now()));
    } catch {
      // Private mode: it may come back once more.
    }
    setOpen(false);
  };
  return (
    <aside className="home-screen-offer" role="dialog" aria-labelledby="home-screen-offer-title" data-testid="home-screen-offer">
      <h2 id="home-screen-offer-title" className="h3">{t('homeScreen.title')}</h2>
      <p>{t('homeScreen.why')}</p>
      <p>
        {t('homeScreen.howBefore')} <span aria-hidden="true">(□↑)</span>{t('homeScreen.howThen')} <strong>{t('homeScreen.addToHomeScreen')}</strong>.
      </p>
      <div className="actions">
        <button type="button" className="btn primary" onClick={dismiss}>{t('homeScreen.gotIt')}</button>
      </div>
    </aside>
  );
}
