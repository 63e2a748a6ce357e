// The 'exchange' namespace (licences, de-identification, adaptations) in English and German. Adds its
// catalogues to the app's i18next instance, starting one (English) when none is running yet.
import i18next from 'i18next';
import { initReactI18next, useTranslation } from 'react-i18next';
import en from './locales/en/exchange.json';
import de from './locales/de/exchange.json';

if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    lng: 'en',
    fallbackLng: 'en',
    ns: ['exchange'],
    defaultNS: 'exchange',
    resources: { en: { exchange: en }, de: { exchange: de } },
    interpolation: { escapeValue: false },
    initAsync: false,
  });
} else {
  i18next.addResourceBundle('en', 'exchange', en, true, false);
  i18next.addResourceBundle('de', 'exchange', de, true, false);
}

export const useExchangeT = () => useTranslation('exchange').t;
