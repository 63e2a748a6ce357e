// The message catalogues: one namespace per feature and 'common' (shell, shared components, offline
// prompts). English, the fallback, is bundled with the app's first script but for the areas no
// first screen shows (administration, the site pages and downloads: `englishOnDemand`), which come
// with their routes (router.tsx `withNamespaces`); every other language is a chunk of its own
// (resources-de.ts), fetched before the app first renders in it or switches to it, so a visitor
// downloads only the catalogues of the language they read. A new namespace: add
// its JSON file in every language and list it here and in each language's file;
// tests/client/i18n-catalogues.test.ts fails when a key exists in one language only.
import type { Language } from '../../shared/languages';
import enCommon from './locales/en/common.json';
import enAuth from './locales/en/auth.json';
import enFeed from './locales/en/feed.json';
import enScenarios from './locales/en/scenarios.json';
import enMedia from './locales/en/media.json';
import enGroups from './locales/en/groups.json';
import enTms from './locales/en/tms.json';
import enUsers from './locales/en/users.json';
import type enAdmin from './locales/en/admin.json';
import enNotifications from './locales/en/notifications.json';
import enSearch from './locales/en/search.json';
import enLicences from './locales/en/licences.json';
import type enMisc from './locales/en/misc.json';
import enExchange from './locales/en/exchange.json';
import enConversation from './locales/en/conversation.json';
import enOffline from './locales/en/offline.json';

export const resources = {
  en: {
    common: enCommon,
    auth: enAuth,
    feed: enFeed,
    scenarios: enScenarios,
    media: enMedia,
    groups: enGroups,
    tms: enTms,
    users: enUsers,
    notifications: enNotifications,
    search: enSearch,
    licences: enLicences,
    exchange: enExchange,
    conversation: enConversation,
    offline: enOffline,
  },
} as const;

/** English namespaces fetched with the routes that use them. */
export const englishOnDemand = {
  admin: () => import('./locales/en/admin.json').then((m) => m.default),
  misc: () => import('./locales/en/misc.json').then((m) => m.default),
};

/** Every English catalogue, bundled or not: the shape i18next's typed keys follow. */
export type EnglishCatalogues = (typeof resources)['en'] & { admin: typeof enAdmin; misc: typeof enMisc };
export type Namespace = keyof EnglishCatalogues;
/** The namespaces the first script holds: i18next loads these in every language it switches to, and the others once asked for. */
export const BUNDLED_NAMESPACES = Object.keys(resources.en) as Namespace[];

export type Catalogue = { [N in Namespace]: unknown };

/** The catalogues of the languages not bundled, each loaded on first use. */
export const loadCatalogue: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  de: () => import('./resources-de').then((m) => m.de),
};
