// A post search's totals for one word come from the posts' word counts (migration 0055) when only
// one posted word starts with the search word: they must equal the posts the reader is shown (the
// feed's and their groups', title matches first), after every kind of write, on both databases.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { textWords } from '../../src/shared/search.js';
import type { SearchPosts } from '../../src/shared/schemas/search.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

describe.each(dbKinds)("the posts' word counts (%s)", (kind) => {
  let t: TestApp;
  let member: TestUser;
  let outsider: TestUser;
  let closed: number;
  let hour = 0;

  async function post(title: string, text: string, opts: { group?: number; status?: number } = {}) {
    hour += 1;
    const row = await t.app.db
      .insertInto('posts')
      .values({ title, text, creator_id: member.id, group_id: opts.group ?? null, status: opts.status ?? 1, type: 'post', created_at: new Date(Date.UTC(2026, 0, 1, hour)).toISOString(), deleted_at: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  beforeAll(async () => {
    t = await buildTestApp(kind);
    member = await createUser(t.app, { username: 'words_member' });
    outsider = await createUser(t.app, { username: 'words_outsider' });
    const at = new Date().toISOString();
    closed = (await t.app.db
      .insertInto('forum_groups')
      .values({ name: 'Closed words', description: 'Invite only', membership_type: 1, posting_type: 'allowAll', creator_id: member.id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow()).id;
    await t.app.db.insertInto('group_members').values({ group_id: closed, user_id: member.id, member_type: 2, joined_at: at }).execute();
  });
  afterAll(() => t.close());

  /** Every result of a search (all pages), and the total the first page gave. */
  async function search(who: TestUser, term: string) {
    const res = await as(t.app, who, { method: 'GET', url: `/api/search/searchposts/0/100/${encodeURIComponent(term)}` });
    expect(res.statusCode).toBe(200);
    const body = res.json() as SearchPosts;
    return { count: body.count, titles: body.posts.map((p) => p.title) };
  }

  it('totals equal the posts each reader is shown, title matches first, after edits, approval, deletion and moves', async () => {
    const a = await post('Sepsis huddle', 'Early antibiotics');
    await post('Shift notes', 'A sepsis case tonight');
    await post('Sepsis in the group', 'Members only', { group: closed });
    const d = await post('Pending sepsis', 'Waits for approval', { status: 0 });
    const e = await post('Sepsislab', 'Bench notes');

    const check = async () => {
      // The stored counts are the listed posts' distinct words, by listing and tier.
      const listed = await t.app.db.selectFrom('posts').select(['title', 'text', 'tag_text', 'group_id', 'status', 'deleted_at']).where('status', '=', 1).where('deleted_at', 'is', null).execute();
      const expected: Record<string, number> = {};
      for (const p of listed) {
        const title = new Set(textWords(p.title));
        for (const w of new Set([...title, ...textWords(p.text), ...textWords(p.tag_text ?? '')])) {
          const key = `${w} ${p.group_id === null ? 'feed' : `g${p.group_id}`} ${title.has(w) ? 0 : 1}`;
          expected[key] = (expected[key] ?? 0) + 1;
        }
      }
      const stored = await t.app.db.selectFrom('post_words').select(['word', 'listing', 'tier', 'n']).where('n', '>', 0).execute();
      const listing = (l: string) => l.replace(/^(#|listed)/, '');
      expect(Object.fromEntries(stored.map((r) => [`${r.word} ${listing(r.listing)} ${r.tier}`, Number(r.n)]))).toEqual(expected);
      for (const who of [member, outsider]) {
        for (const term of ['sepsis', 'SEPSIS', 'seps', 'sepsisl', 'huddle', 'antibiotic', 'members', 'zzz']) {
          const r = await search(who, term);
          expect(r.count, `${who.username} ${term}`).toBe(r.titles.length);
        }
      }
    };
    await check();
    // 'sepsisl' is one word's prefix: the count comes from post_words; 'sepsis' is two words' (sepsis, sepsislab).
    expect((await search(member, 'huddle')).titles).toEqual(['Sepsis huddle']);
    expect((await search(outsider, 'members')).count).toBe(0);
    expect((await search(member, 'members')).count).toBe(1);

    await t.app.db.updateTable('posts').set({ title: 'Antibiotics huddle', text: 'Sepsis: early antibiotics' }).where('id', '=', a).execute();
    await t.app.db.updateTable('posts').set({ status: 1 }).where('id', '=', d).execute();
    await t.app.db.updateTable('posts').set({ tag_text: 'huddle sepsis' }).where('id', '=', e).execute();
    await check();
    expect((await search(member, 'huddle')).titles).toEqual(['Antibiotics huddle', 'Sepsislab']);
    await t.app.db.updateTable('posts').set({ group_id: closed }).where('id', '=', a).execute();
    await t.app.db.updateTable('posts').set({ deleted_at: new Date().toISOString() }).where('id', '=', e).execute();
    await check();
    expect((await search(outsider, 'huddle')).count).toBe(0);
    expect((await search(member, 'huddle')).titles).toEqual(['Antibiotics huddle']);
    await t.app.db.deleteFrom('posts').where('id', '=', d).execute();
    await check();
  });

  it('a search word that one posted word alone starts with finds what it finds as a prefix, in the same order', async () => {
    /** What the reader is shown for `term`, worked out here: every word a prefix of a word of the post. */
    const expected = async (who: TestUser, term: string) => {
      const words = textWords(term);
      const mine = new Set((await t.app.db.selectFrom('group_members').select('group_id').where('user_id', '=', who.id).execute()).map((r) => r.group_id));
      const posts = await t.app.db.selectFrom('posts').select(['id', 'title', 'text', 'tag_text', 'group_id']).where('status', '=', 1).where('deleted_at', 'is', null).orderBy('id', 'desc').execute();
      const holds = (texts: string[]) => words.every((w) => texts.some((x) => textWords(x).some((word) => word.startsWith(w))));
      const visible = posts.filter((p) => (p.group_id === null || mine.has(p.group_id)) && holds([p.title, p.text, p.tag_text ?? '']));
      const inTitle = visible.filter((p) => holds([p.title]));
      return [...inTitle, ...visible.filter((p) => !inTitle.includes(p))].map((p) => p.title);
    };
    const same = async (terms: string[]) => {
      for (const who of [member, outsider]) {
        for (const term of terms) {
          const shown = await search(who, term);
          const want = await expected(who, term);
          expect(shown.titles, `${who.username} ${term}`).toEqual(want);
          expect(shown.count, `${who.username} ${term}`).toBe(want.length);
        }
      }
    };
    await post('Debrief after the code', 'What went well');
    await post('Night shift', 'A short debrief in the corridor');
    await post('Debrief circle', 'Closed group notes', { group: closed });
    await post('Hot debrief', 'Tagged', {});
    const pending = await post('Debriefing guide', 'Not approved yet', { status: 0 });
    // 'debrie' and 'debri': only 'debrief' among the listed posts' words (the pending post's 'debriefing' is not listed).
    await same(['debrie', 'debri', 'debrief', 'corrid', 'debrie what', 'debrief closed', 'debriefing', 'hot debr']);
    // Approved, 'debriefing' is a second word starting with them: the same answers come from prefixes.
    await t.app.db.updateTable('posts').set({ status: 1 }).where('id', '=', pending).execute();
    await same(['debrie', 'debri', 'debrief', 'debriefing', 'debrie guide']);
  });
});
