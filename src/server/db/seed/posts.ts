// Demo feed: a handful of posts by the demo users (some tagged, some with a public scenario or an
// approved media item when those seeds exist), one open report and a few notifications.
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import { notifyUser } from '../../lib/notifications.js';
import { ApprovalStatus, PrivacyLevel } from '../../../shared/enums.js';

const hoursAgo = (h: number) => new Date(Date.now() - h * 3600_000).toISOString();

export async function seedPosts(app: FastifyInstance): Promise<void> {
  const db = app.db;
  const users = await db.selectFrom('users').select(['id', 'username']).execute();
  const uid = (name: string) => users.find((u) => u.username === name)?.id;
  const tags = await db.selectFrom('tags').select(['id', 'title']).execute();
  const tag = (title: string) => tags.find((t) => t.title === title)?.id;
  const scenarioIds = (await sql<{ id: number }>`SELECT id FROM scenarios WHERE privacy_level = ${PrivacyLevel.Public} ORDER BY id LIMIT 2`.execute(db)).rows.map((r) => r.id);
  const mediaIds = (await sql<{ id: number }>`SELECT id FROM media WHERE approval_status = ${ApprovalStatus.Approved} AND privacy_level = ${PrivacyLevel.Public} ORDER BY id LIMIT 2`.execute(db)).rows.map((r) => r.id);

  const posts: { by: string; title: string; text: string; tags: (string)[]; scenarios?: number[]; media?: number[]; at: number }[] = [
    { by: 'admin', title: 'Welcome to the REALITi Community', text: 'Share your scenarios and media, ask questions and learn from other educators. Please keep posts respectful.', tags: [], at: 24 * 20 },
    { by: 'provisioner', title: 'New monitors arrived at the sim centre', text: 'We now have two more iPads licensed for the skills lab.', tags: [], at: 24 * 9 },
    { by: 'tester', title: 'Anyone tried transcutaneous pacing scenarios?', text: 'Looking for a good bradycardia case with pacing for paramedic students.', tags: ['Pacing', 'ECG Interpretation'], at: 24 * 3 },
    { by: 'paramedic', title: 'Great airway session today', text: 'The students loved the deteriorating asthma case.', tags: ['Airway', 'Asthma'], media: mediaIds.slice(0, 1), at: 26 },
    { by: 'educator', title: 'Cardiac arrest scenario for Thursday', text: 'Here is the scenario we will run in the ALS refresher.', tags: ['Cardiac Arrest', 'ALS'], scenarios: scenarioIds.slice(0, 1), at: 5 },
    { by: 'educator', title: 'Debrief tips', text: 'Start with how the team felt, then the facts, then what to keep and change.', tags: ['Teamwork and Communication Skills'], media: mediaIds.slice(1, 2), scenarios: scenarioIds.slice(1, 2), at: 0.5 },
  ];

  const ids: Record<string, number> = {};
  for (const p of posts) {
    const creator = uid(p.by);
    if (!creator) continue;
    const scenarios = p.scenarios ?? [];
    const media = p.media ?? [];
    const row = await db
      .insertInto('posts')
      .values({
        title: p.title,
        text: p.text,
        creator_id: creator,
        group_id: null,
        status: 1,
        type: scenarios.length ? 'scenario' : media.length ? 'media' : 'post',
        created_at: hoursAgo(p.at),
        deleted_at: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids[p.title] = row.id;
    const tagIds = p.tags.map(tag).filter((x): x is number => x !== undefined);
    if (tagIds.length) await db.insertInto('post_tags').values(tagIds.map((tag_id) => ({ post_id: row.id, tag_id }))).execute();
    if (scenarios.length) await db.insertInto('post_scenarios').values(scenarios.map((scenario_id) => ({ post_id: row.id, scenario_id }))).execute();
    if (media.length) await db.insertInto('post_media').values(media.map((media_id) => ({ post_id: row.id, media_id }))).execute();
  }

  // One open report for the admin's Reported posts screen.
  const reported = ids['New monitors arrived at the sim centre'];
  const reporter = uid('paramedic');
  const admin = uid('admin');
  if (reported && reporter) {
    await db.insertInto('post_reports').values({ post_id: reported, user_id: reporter, created_at: hoursAgo(2), ignored_at: null }).execute();
    if (admin) await notifyUser(db, admin, { message: { key: 'post_reported', params: { title: 'New monitors arrived at the sim centre' } }, link: '/admin/reported' });
  }
  for (const name of ['educator', 'paramedic', 'provisioner', 'tester']) {
    const id = uid(name);
    if (id) await notifyUser(db, id, { message: { key: 'welcome', params: {} }, link: '/feed' });
  }
  const educator = uid('educator');
  if (educator) await notifyUser(db, educator, { message: { key: 'post_for_everyone', params: { title: 'Welcome to the REALITi Community' } }, link: '/feed' });
}
