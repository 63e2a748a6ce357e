// The message catalogues: one namespace per feature and 'common' (shell, shared components, offline
// prompts). English, the fallback, is bundled with the app's first script only for what the shell
// itself shows (the top bar, notifications, offline prompts: `resources`); each other namespace is
// a chunk of its own that comes with the routes that read it (router.tsx `screen`, checked by
// tests/client/route-namespaces.test.ts); every other language is one chunk (resources-de.ts),
// fetched before the app first renders in it or switches to it, so a visitor downloads only the
// catalogues of the language they read. A new namespace: add its JSON file in every language and
// list it here and in each language's file; tests/client/i18n-catalogues.test.ts fails when a key
// exists in one language only.
import type { Language } from '../../shared/languages';
import enCommon from './locales/en/common.json';
import enNotifications from './locales/en/notifications.json';
import enOffline from './locales/en/offline.json';
import type enAuth from './locales/en/auth.json';
import type enFeed from './locales/en/feed.json';
import type enScenarios from './locales/en/scenarios.json';
import type enMedia from './locales/en/media.json';
import type enGroups from './locales/en/groups.json';
import type enTms from './locales/en/tms.json';
import type enUsers from './locales/en/users.json';
import type enAdmin from './locales/en/admin.json';
import type enSearch from './locales/en/search.json';
import type enLicences from './locales/en/licences.json';
import type enMisc from './locales/en/misc.json';
import type enExchange from './locales/en/exchange.json';
import type enConversation from './locales/en/conversation.json';

export const resources = {
  en: {
    common: enCommon,
    notifications: enNotifications,
    offline: enOffline,
  },
} as const;

/** English namespaces fetched with the routes that read them. */
export const englishOnDemand = {
  auth: () => import('./locales/en/auth.json').then((m) => m.default),
  feed: () => import('./locales/en/feed.json').then((m) => m.default),
  scenarios: () => import('./locales/en/scenarios.json').then((m) => m.default),
  media: () => import('./locales/en/media.json').then((m) => m.default),
  groups: () => import('./locales/en/groups.json').then((m) => m.default),
  tms: () => import('./locales/en/tms.json').then((m) => m.default),
  users: () => import('./locales/en/users.json').then((m) => m.default),
  admin: () => import('./locales/en/admin.json').then((m) => m.default),
  search: () => import('./locales/en/search.json').then((m) => m.default),
  licences: () => import('./locales/en/licences.json').then((m) => m.default),
  misc: () => import('./locales/en/misc.json').then((m) => m.default),
  exchange: () => import('./locales/en/exchange.json').then((m) => m.default),
  conversation: () => import('./locales/en/conversation.json').then((m) => m.default),
};

/** Every English catalogue, bundled or not: the shape i18next's typed keys follow. */
export type EnglishCatalogues = (typeof resources)['en'] & {
  auth: typeof enAuth;
  feed: typeof enFeed;
  scenarios: typeof enScenarios;
  media: typeof enMedia;
  groups: typeof enGroups;
  tms: typeof enTms;
  users: typeof enUsers;
  admin: typeof enAdmin;
  search: typeof enSearch;
  licences: typeof enLicences;
  misc: typeof enMisc;
  exchange: typeof enExchange;
  conversation: typeof enConversation;
};
export type Namespace = keyof EnglishCatalogues;
/** The namespaces the first script holds: i18next loads these in every language it switches to, and the others once asked for. */
export const BUNDLED_NAMESPACES = Object.keys(resources.en) as Namespace[];

export type Catalogue = { [N in Namespace]: unknown };

/** The catalogues of the languages not bundled, each loaded on first use. */
export const loadCatalogue: Record<Exclude<Language, 'en'>, () => Promise<Catalogue>> = {
  de: () => import('./resources-de').then((m) => m.de),
};
