// Translations (i18next + react-i18next): one catalogue per feature namespace in English and German
// (Sie-form), bundled with the app so they are there offline and with the first paint.
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import enTms from './locales/en/tms.json';
import deTms from './locales/de/tms.json';
import enOffline from './locales/en/offline.json';
import deOffline from './locales/de/offline.json';
import enScenarios from './locales/en/scenarios.json';
import deScenarios from './locales/de/scenarios.json';

export const resources = {
  en: { tms: enTms, offline: enOffline, scenarios: enScenarios },
  de: { tms: deTms, offline: deOffline, scenarios: deScenarios },
} as const;

const language = typeof navigator !== 'undefined' && navigator.language?.toLowerCase().startsWith('de') ? 'de' : 'en';

void i18n.use(initReactI18next).init({
  resources,
  lng: language,
  fallbackLng: 'en',
  interpolation: { escapeValue: false },
  initAsync: false,
});

export default i18n;
