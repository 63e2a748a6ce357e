// Per-user delivery settings: for each kind, in the app / by push / in the e-mail digest (all off:
// none is created, lib/notifications.ts), and how often the digest comes. Rows hold only what the
// user changed; the defaults are in shared/notification-kinds.ts.
import type { DB } from '../../db/connection.js';
import { DEFAULT_DIGEST_FREQUENCY, DEFAULT_KIND_SETTING, NOTIFICATION_KINDS } from '../../../shared/notification-kinds.js';
import { DIGEST_FREQUENCIES, type DigestFrequency, type KindSetting, type NotificationSettings } from '../../../shared/schemas/notifications.js';

const isFrequency = (v: unknown): v is DigestFrequency => (DIGEST_FREQUENCIES as readonly unknown[]).includes(v);

export function settingsRepository(db: DB) {
  return {
    kinds(userId: number) {
      return db.selectFrom('notification_settings').select(['kind', 'in_app', 'push', 'digest']).where('user_id', '=', userId).execute();
    },
    /** Kinds the user keeps out of the app. */
    async hiddenKinds(userId: number): Promise<string[]> {
      const rows = await db.selectFrom('notification_settings').select('kind').where('user_id', '=', userId).where('in_app', '=', 0).execute();
      return rows.map((r) => r.kind);
    },
    async saveKinds(userId: number, kinds: KindSetting[]) {
      if (!kinds.length) return;
      await db
        .insertInto('notification_settings')
        .values(kinds.map((k) => ({ user_id: userId, kind: k.kind, in_app: k.in_app ? 1 : 0, push: k.push ? 1 : 0, digest: k.digest ? 1 : 0 })))
        .onConflict((oc) => oc.columns(['user_id', 'kind']).doUpdateSet((eb) => ({ in_app: eb.ref('excluded.in_app'), push: eb.ref('excluded.push'), digest: eb.ref('excluded.digest') })))
        .execute();
    },
    async frequency(userId: number): Promise<DigestFrequency> {
      const row = await db.selectFrom('notification_preferences').select('digest_frequency').where('user_id', '=', userId).executeTakeFirst();
      return isFrequency(row?.digest_frequency) ? row.digest_frequency : DEFAULT_DIGEST_FREQUENCY;
    },
    async setFrequency(userId: number, frequency: DigestFrequency) {
      await db
        .insertInto('notification_preferences')
        .values({ user_id: userId, digest_frequency: frequency, last_digest_at: null })
        .onConflict((oc) => oc.column('user_id').doUpdateSet({ digest_frequency: frequency }))
        .execute();
    },
  };
}
export type SettingsRepository = ReturnType<typeof settingsRepository>;

export function settingsService(repo: SettingsRepository, pushPublicKey: () => string) {
  async function read(userId: number): Promise<NotificationSettings> {
    const [rows, digest_frequency] = await Promise.all([repo.kinds(userId), repo.frequency(userId)]);
    const stored = new Map(rows.map((r) => [r.kind, r]));
    const kinds = NOTIFICATION_KINDS.map((kind) => {
      const r = stored.get(kind);
      return r ? { kind, in_app: !!r.in_app, push: !!r.push, digest: !!r.digest } : { kind, ...DEFAULT_KIND_SETTING };
    });
    return { kinds, digest_frequency, push_public_key: pushPublicKey() };
  }
  return {
    read,
    async update(userId: number, input: { kinds?: KindSetting[]; digest_frequency?: DigestFrequency }): Promise<NotificationSettings> {
      // The last setting given for a kind counts.
      const kinds = [...new Map((input.kinds ?? []).map((k) => [k.kind, k])).values()];
      await repo.saveKinds(userId, kinds);
      if (input.digest_frequency) await repo.setFrequency(userId, input.digest_frequency);
      return read(userId);
    },
  };
}
