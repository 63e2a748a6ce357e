// The admin area (spec sections 2 'Admin' and 7): the user list with Enable / Disable,
// the three analytics calls and the audit log of admin and moderator actions.
import * as v from 'valibot';
import { NOT_FOUND_MESSAGE, intString, offsetParam, userRefSchema } from './common.js';
import { searchTermParam } from './search.js';

// ------------------------------------------------------------------ users
/** GET /api/users/{offset}/{count}/{search or -1} */
export const adminUsersParamsSchema = v.object({
  offset: offsetParam,
  count: intString('Count', 1, 100),
  search: searchTermParam,
});

export const adminUserSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  first_name: v.string(),
  last_name: v.string(),
  username: v.string(),
  email: v.string(),
  enabled: v.boolean(),
  email_verified: v.boolean(),
  role: v.number(),
  roles: v.array(v.string()),
  last_login: v.nullable(v.string()),
  created_at: v.string(),
});
export type AdminUser = v.InferOutput<typeof adminUserSchema>;

export const adminUsersSchema = v.object({ users: v.array(adminUserSchema), total: v.number(), from: v.number(), to: v.number() });
export type AdminUsers = v.InferOutput<typeof adminUsersSchema>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const ENABLED_MESSAGE = 'Enabled must be true or false';

/** POST /api/users/SetEnabled/{uuid}/{bool} */
export const setEnabledParamsSchema = v.object({
  uuid: v.pipe(v.string(NOT_FOUND_MESSAGE), v.regex(UUID, NOT_FOUND_MESSAGE)),
  enabled: v.pipe(
    v.string(ENABLED_MESSAGE),
    v.transform((s) => s.toLowerCase()),
    v.picklist(['true', 'false'], ENABLED_MESSAGE),
    v.transform((s) => s === 'true'),
  ),
});
export const setEnabledSchema = v.object({ enabled: v.boolean() });

export const CANNOT_DISABLE_SELF = 'You cannot disable your own account';

// ------------------------------------------------------------------ analytics
/** Twelve months, oldest first, labelled like 'Mar 2026'; each series has one number per month. */
export const userAnalyticsSchema = v.object({ monthLabels: v.array(v.string()), activeUsers: v.array(v.number()), newUsers: v.array(v.number()) });
export const groupAnalyticsSchema = v.object({ monthLabels: v.array(v.string()), activeGroups: v.array(v.number()), newGroups: v.array(v.number()) });
export const postAnalyticsSchema = v.object({ monthLabels: v.array(v.string()), newPosts: v.array(v.number()) });
export type UserAnalytics = v.InferOutput<typeof userAnalyticsSchema>;
export type GroupAnalytics = v.InferOutput<typeof groupAnalyticsSchema>;
export type PostAnalytics = v.InferOutput<typeof postAnalyticsSchema>;

// ------------------------------------------------------------------ audit log
/**
 * Actions written to the audit log, with their English words (the audit screen shows them through
 * the admin catalogue's audit.actions, keyed by the action code, in the user's language).
 */
export const AUDIT_ACTIONS: Record<string, string> = {
  'user.enable': 'Enabled user',
  'user.disable': 'Disabled user',
  'media.approve': 'Approved media',
  'media.reject': 'Declined media',
  'media.delete': 'Deleted media',
  'post.everyone': 'Posted to everyone',
  'post.report.ignore': 'Ignored report',
  'post.report.delete': 'Deleted reported post',
  'group.delete': 'Deleted group',
  'scenario.confirm_deidentified': 'Confirmed a scenario is de-identified',
  'media.confirm_deidentified': 'Confirmed media is de-identified',
  'licence.claim': 'Claimed a licence',
  'licence.relinquish': 'Relinquished a licence',
  'licence.reclaim': 'Reclaimed a licence seat',
  'licence.product.create': 'Created a licence product',
  'licence.module.create': 'Added a licence module',
  'licence.contract.create': 'Created a licence agreement',
  'licence.contract.update': 'Changed a licence agreement',
  'build.upload': 'Uploaded an app build',
  'build.delete': 'Deleted an app build',
};
export const auditActionLabel = (action: string) => AUDIT_ACTIONS[action] ?? action;

/** GET /api/admin/audit/{offset}/{count}?action=&actor= */
export const auditParamsSchema = v.object({ offset: offsetParam, count: intString('Count', 1, 100) });
export const auditQuerySchema = v.object({
  action: v.optional(v.pipe(v.string(), v.maxLength(100, 'The action must be at most 100 characters'))),
  actor: v.optional(intString('Actor', 1, 2_147_483_647)),
});

export const auditEntrySchema = v.object({
  id: v.number(),
  action: v.string(),
  /** null when the actor's account no longer exists. */
  actor: v.nullable(userRefSchema),
  target_type: v.string(),
  target_id: v.string(),
  /** What the target is called now (a user's name, a media item's name, a post's title), if it still exists. */
  target_label: v.nullable(v.string()),
  /** The reason, where the action has one (a decline reason, a post's title). */
  detail: v.nullable(v.string()),
  created_at: v.string(),
});
export type AuditEntry = v.InferOutput<typeof auditEntrySchema>;

export const auditPageSchema = v.object({
  entries: v.array(auditEntrySchema),
  total: v.number(),
  from: v.number(),
  to: v.number(),
  /** For the filters: every action and every actor in the log. */
  actions: v.array(v.string()),
  actors: v.array(userRefSchema),
});
export type AuditPage = v.InferOutput<typeof auditPageSchema>;
