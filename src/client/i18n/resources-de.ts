// The German catalogues: a chunk of their own, loaded before the app renders or switches to German
// (resources.ts loadCatalogue).
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
import type { Catalogue } from './resources';

export const de = {
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
} satisfies Catalogue;
