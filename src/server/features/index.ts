// Feature route plugins, registered in this order by buildApp. Add one line per feature.
import type { FastifyPluginAsync } from 'fastify';
import authRoutes from './auth/routes.js';
import userRoutes from './users/routes.js';
import tagRoutes from './tags/routes.js';
import scenarioRoutes from './scenarios/routes.js';
import mediaRoutes from './media/routes.js';
import postRoutes from './posts/routes.js';
import groupPostRoutes from './posts/group-posts-routes.js';
import groupRoutes from './groups/routes.js';
import replyRoutes from './posts/replies-routes.js';
import postPageRoutes from './posts/post-page-routes.js';
import conversationRoutes from './posts/conversation-routes.js';
import notificationRoutes from './notifications/routes.js';
import licenceRoutes from './licences/routes.js';
import preReleaseRoutes from './prerelease/routes.js';
import debriefRoutes from './debriefs/routes.js';
import searchRoutes from './search/routes.js';
import adminUserRoutes from './admin-users/routes.js';
import analyticsRoutes from './analytics/routes.js';
import auditRoutes from './audit/routes.js';
import siteRoutes from './site/routes.js';
import exchangeRoutes from './scenarios/exchange-routes.js';
import mediaLicenceRoutes from './media/licence-routes.js';

export const featureRoutes: FastifyPluginAsync[] = [
  authRoutes,
  userRoutes,
  tagRoutes,
  scenarioRoutes,
  mediaRoutes,
  postRoutes,
  groupPostRoutes,
  groupRoutes,
  replyRoutes,
  postPageRoutes,
  conversationRoutes,
  notificationRoutes,
  licenceRoutes,
  preReleaseRoutes,
  debriefRoutes,
  searchRoutes,
  adminUserRoutes,
  analyticsRoutes,
  auditRoutes,
  siteRoutes,
  exchangeRoutes,
  mediaLicenceRoutes,
];
