// Demo history for the admin Analytics screen: the demo accounts joined over the past
// year and were active in some of the months since, so the charts show more than this month.
import type { FastifyInstance } from 'fastify';

/** When each demo account joined, in months before this one. */
const JOINED: Record<string, number> = { admin: 11, educator: 9, provisioner: 7, tester: 4, paramedic: 2 };

const monthStart = (back: number) => {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 3, 9));
};

export async function seedActivity(app: FastifyInstance): Promise<void> {
  const users = await app.db.selectFrom('users').select(['id', 'username']).execute();
  for (const u of users) {
    const joined = JOINED[u.username];
    if (joined === undefined) continue;
    await app.db.updateTable('users').set({ created_at: monthStart(joined).toISOString() }).where('id', '=', u.id).execute();
    const months: { user_id: number; month: string }[] = [];
    for (let back = joined; back >= 1; back--) {
      // Active in about two months of three, a different pattern per account.
      if ((back + u.id) % 3 === 0) continue;
      months.push({ user_id: u.id, month: monthStart(back).toISOString().slice(0, 7) });
    }
    if (months.length) await app.db.insertInto('user_active_months').values(months).onConflict((oc) => oc.doNothing()).execute();
  }
}
