// The message catalogues, bundled: one namespace per feature and 'common' (shell, shared
// components, offline prompts). A new namespace: add its JSON file in every language and list it
// here; tests/client/i18n-catalogues.test.ts fails when a key exists in one language only.
import enCommon from './locales/en/common.json';
import enAuth from './locales/en/auth.json';
import enFeed from './locales/en/feed.json';
import enScenarios from './locales/en/scenarios.json';
import enMedia from './locales/en/media.json';
import enGroups from './locales/en/groups.json';
import enTms from './locales/en/tms.json';
import enUsers from './locales/en/users.json';
import enAdmin from './locales/en/admin.json';
import enNotifications from './locales/en/notifications.json';
import enSearch from './locales/en/search.json';
import enLicences from './locales/en/licences.json';
import enMisc from './locales/en/misc.json';
import enExchange from './locales/en/exchange.json';
import enConversation from './locales/en/conversation.json';
import enOffline from './locales/en/offline.json';
import deCommon from './locales/de/common.json';
import deAuth from './locales/de/auth.json';
import deFeed from './locales/de/feed.json';
import deScenarios from './locales/de/scenarios.json';
import deMedia from './locales/de/media.json';
import deGroups from './locales/de/groups.json';
import deTms from './locales/de/tms.json';
import deUsers from './locales/de/users.json';
import deAdmin from './locales/de/admin.json';
import deNotifications from './locales/de/notifications.json';
import deSearch from './locales/de/search.json';
import deLicences from './locales/de/licences.json';
import deMisc from './locales/de/misc.json';
import deExchange from './locales/de/exchange.json';
import deConversation from './locales/de/conversation.json';
import deOffline from './locales/de/offline.json';

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
    admin: enAdmin,
    notifications: enNotifications,
    search: enSearch,
    licences: enLicences,
    misc: enMisc,
    exchange: enExchange,
    conversation: enConversation,
    offline: enOffline,
  },
  de: {
    common: deCommon,
    auth: deAuth,
    feed: deFeed,
    scenarios: deScenarios,
    media: deMedia,
    groups: deGroups,
    tms: deTms,
    users: deUsers,
    admin: deAdmin,
    notifications: deNotifications,
    search: deSearch,
    licences: deLicences,
    misc: deMisc,
    exchange: deExchange,
    conversation: deConversation,
    offline: deOffline,
  },
} as const;

export type Namespace = keyof (typeof resources)['en'];
export const NAMESPACES = Object.keys(resources.en) as Namespace[];
