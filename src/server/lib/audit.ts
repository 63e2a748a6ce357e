// One audit log for every admin and moderator action: who did what to which item, why,
// and when. Features record their actions with one call; the admin Audit log screen reads it.
import type { DB } from '../db/connection.js';
import { now } from '../db/connection.js';

export interface AuditEntryInput {
  actorId: number;
  /** A key of AUDIT_ACTIONS in src/shared/schemas/admin.ts, e.g. 'user.disable'. */
  action: string;
  /** 'user', 'media', 'post', 'group'. */
  targetType: string;
  /** The target's uuid_id where it has one, else its id. */
  targetId: string | number;
  /** The reason or a short description, if any. */
  detail?: string | null;
}

export async function recordAudit(db: DB, e: AuditEntryInput): Promise<void> {
  await db
    .insertInto('audit_log')
    .values({ actor_id: e.actorId, action: e.action, target_type: e.targetType, target_id: String(e.targetId), detail: e.detail ?? null, created_at: now() })
    .execute();
}
