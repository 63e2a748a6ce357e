// GET /api/users/GetAnalytics, /api/ForumGroup/GetAnalytics and /api/ForumPost/GetAnalytics
// (spec section 7), for admins.
import type { FastifyInstance } from 'fastify';
import { Role } from '../../../shared/enums.js';
import { route } from '../../lib/route.js';
import { getUserAnalytics, getGroupAnalytics, getPostAnalytics } from '../../../shared/endpoints/analytics.js';
import { analyticsRepository } from './repository.js';
import { analyticsService } from './service.js';

export default async function analyticsRoutes(app: FastifyInstance) {
  const service = analyticsService(analyticsRepository(app.db));
  const tags = ['admin'];
  const months = 'monthLabels are the last 12 months (UTC), oldest first, like "Mar 2026"; each series has one count per month.';

  route(app, getUserAnalytics, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: active users (signed in or contributed a post, scenario or media item that month) and new accounts per month',
    description: months,
  }, async ({ user }) => service.users(user));

  route(app, getGroupAnalytics, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: active groups (with a post that month) and new groups per month',
    description: months,
  }, async ({ user }) => service.groups(user));

  route(app, getPostAnalytics, {
    auth: Role.Admin,
    tags,
    summary: 'Admins: new posts (feed and groups, not deleted) per month',
    description: months,
  }, async ({ user }) => service.posts(user));
}
