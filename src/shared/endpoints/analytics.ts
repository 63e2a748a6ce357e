// Admin analytics: users, groups and posts.
import { userAnalyticsSchema, groupAnalyticsSchema, postAnalyticsSchema } from '../schemas/admin.js';
import { endpoint } from '../endpoint.js';

/** Admins: active users (signed in or contributed a post, scenario or media item that month) and new accounts per month */
export const getUserAnalytics = endpoint({
  method: 'GET',
  path: '/api/users/GetAnalytics',
  response: userAnalyticsSchema,
});

/** Admins: active groups (with a post that month) and new groups per month */
export const getGroupAnalytics = endpoint({
  method: 'GET',
  path: '/api/ForumGroup/GetAnalytics',
  response: groupAnalyticsSchema,
});

/** Admins: new posts (feed and groups, not deleted) per month */
export const getPostAnalytics = endpoint({
  method: 'GET',
  path: '/api/ForumPost/GetAnalytics',
  response: postAnalyticsSchema,
});
