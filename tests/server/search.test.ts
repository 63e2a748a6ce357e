// Site search (spec section 7 'Search') on both databases: prefixes, accents, ranking,
// visibility of group posts, admin-only user search, snippets, paging, and the index following writes.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Role } from '../../src/shared/enums.js';
import type { HighlightParts, SearchGroups, SearchPosts, SearchUsers } from '../../src/shared/schemas/search.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

/** The marked words of a snippet. */
const marks = (parts: HighlightParts) => parts.filter((p) => p.match).map((p) => p.text);
const text = (parts: HighlightParts) => parts.map((p) => p.text).join('');

describe.each(dbKinds)('site search (%s)', (kind) => {
  let t: TestApp;
  let admin: TestUser;
  let emma: TestUser;
  let paul: TestUser;
  let hour = 0;

  /** A post straight into the table (the feed code is not under test); the triggers index it. */
  async function post(by: TestUser, title: string, body: string, opts: { group?: number; status?: number; deleted?: boolean } = {}) {
    hour += 1;
    const at = new Date(Date.UTC(2026, 0, 1, hour)).toISOString();
    const row = await t.app.db
      .insertInto('posts')
      .values({ title, text: body, creator_id: by.id, group_id: opts.group ?? null, status: opts.status ?? 1, type: 'post', created_at: at, deleted_at: opts.deleted ? at : null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  async function group(name: string, description: string, membershipType: number, members: TestUser[]) {
    const at = new Date().toISOString();
    const row = await t.app.db
      .insertInto('forum_groups')
      .values({ name, description, membership_type: membershipType, posting_type: 'allowAll', creator_id: members[0].id, created_at: at, updated_at: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [i, m] of members.entries()) {
      await t.app.db.insertInto('group_members').values({ group_id: row.id, user_id: m.id, member_type: i === 0 ? 2 : 0, joined_at: at }).execute();
    }
    return row.id;
  }

  const searchPosts = async (who: TestUser, term: string, offset = 0, limit = 20) => {
    const res = await as(t.app, who, { method: 'GET', url: `/api/search/searchposts/${offset}/${limit}/${encodeURIComponent(term)}` });
    expect(res.statusCode).toBe(200);
    return res.json() as SearchPosts;
  };
  const titles = (r: SearchPosts) => r.posts.map((p) => p.title);

  beforeAll(async () => {
    t = await buildTestApp(kind);
    admin = await createUser(t.app, { username: 'search_admin', role: Role.User | Role.Admin, firstName: 'Ada', lastName: 'Admin' });
    emma = await createUser(t.app, { username: 'emma_educator', firstName: 'Emma', lastName: 'Educator' });
    paul = await createUser(t.app, { username: 'paul_paramedic', firstName: 'Paul', lastName: 'Paramedic' });
  });
  afterAll(() => t.close());

  describe('posts', () => {
    it('ignores accents and case, matches every word as a prefix, and needs all words', async () => {
      await post(emma, 'Reanimación neonatal en sala de partos', 'Ventilación con presión positiva y compresiones torácicas.');
      expect(titles(await searchPosts(paul, 'reanimacion'))).toEqual(['Reanimación neonatal en sala de partos']);
      expect(titles(await searchPosts(paul, 'REANIMACIÓN'))).toEqual(['Reanimación neonatal en sala de partos']);
      expect(titles(await searchPosts(paul, 'reanim neo'))).toEqual(['Reanimación neonatal en sala de partos']);
      expect(titles(await searchPosts(paul, 'ventilacion toracicas'))).toEqual(['Reanimación neonatal en sala de partos']);
      expect((await searchPosts(paul, 'reanim zebra')).count).toBe(0);
      expect((await searchPosts(paul, 'animacion')).count).toBe(0);
    });

    it('marks the matching words in a snippet of the text, accents kept as written', async () => {
      const r = await searchPosts(paul, 'compresion')
      expect(r.posts).toHaveLength(1);
      expect(marks(r.posts[0].snippet)).toEqual(['compresiones']);
      expect(text(r.posts[0].snippet)).toBe('Ventilación con presión positiva y compresiones torácicas.');
      expect(r.posts[0].creator).toEqual({ id: emma.id, uuid_id: emma.uuid_id, first_name: 'Emma', last_name: 'Educator' });
      expect(r.posts[0].group).toBeNull();
    });

    it('cuts a long text around the first match', async () => {
      const filler = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
      await post(emma, 'Long debrief notes', `${filler} hyperkalaemia was missed ${filler}`);
      const [hit] = (await searchPosts(paul, 'hyperkal')).posts;
      expect(marks(hit.snippet)).toEqual(['hyperkalaemia']);
      const s = text(hit.snippet);
      expect(s.startsWith('… ')).toBe(true);
      expect(s.endsWith(' …')).toBe(true);
      expect(s.split(' ').length).toBeLessThan(30);
    });

    it('ranks posts whose title holds every word above the others, newest first within each', async () => {
      await post(paul, 'Older sepsis review', 'Last year.');
      await post(paul, 'Weekly skills session', 'We practised the sepsis bundle twice.');
      await post(paul, 'Sepsis in the ED', 'A short case.');
      await post(paul, 'Another session', 'Sepsis again, with sepsis screening.');
      expect(titles(await searchPosts(emma, 'sepsis'))).toEqual(['Sepsis in the ED', 'Older sepsis review', 'Another session', 'Weekly skills session']);
      // Both words in the title beats one of them in the title and the other in the text.
      await post(paul, 'Sepsis bundle audit', 'Numbers for the quarter.');
      await post(paul, 'Bundle checklist', 'For sepsis and stroke.');
      expect(titles(await searchPosts(emma, 'sepsis bundle'))).toEqual(['Sepsis bundle audit', 'Bundle checklist', 'Weekly skills session']);
      // Pages run across the two tiers without gaps or repeats.
      const one = await searchPosts(emma, 'sepsis', 0, 1);
      const rest = await searchPosts(emma, 'sepsis', 1, 3);
      const last = await searchPosts(emma, 'sepsis', 4, 3);
      expect([...titles(one), ...titles(rest), ...titles(last)]).toEqual([
        'Sepsis bundle audit', 'Sepsis in the ED', 'Older sepsis review', 'Bundle checklist', 'Another session', 'Weekly skills session',
      ]);
      expect(last).toMatchObject({ count: 6, from: 4, to: 6 });
    });

    it("finds a post by its tags ('Use tags to help people find your post'), after posts whose title holds the words", async () => {
      const tag = await t.app.db.insertInto('tags').values({ title: 'Toxicology' }).returning('id').executeTakeFirstOrThrow();
      const created = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Handover drill', text: 'Ran it twice.', tags: [tag.id] } });
      expect(created.statusCode).toBe(201);
      await post(paul, 'Toxicology teaching', 'Antidotes.');
      expect(titles(await searchPosts(paul, 'toxicology'))).toEqual(['Toxicology teaching', 'Handover drill']);
      // Words may match across title, text and tags.
      expect(titles(await searchPosts(paul, 'handover toxicol'))).toEqual(['Handover drill']);
      expect(titles(await searchPosts(paul, 'twice toxicology'))).toEqual(['Handover drill']);
      // A deleted post leaves the results with its tags.
      const del = await as(t.app, emma, { method: 'DELETE', url: `/api/forumpost/DeletePost/${created.json().id}` });
      expect(del.statusCode).toBe(200);
      expect(titles(await searchPosts(paul, 'toxicology'))).toEqual(['Toxicology teaching']);
    });

    it('shows public posts and approved posts of my groups only: never an invite-only group post to a non-member', async () => {
      const closed = await group('Neonatal faculty', 'Private planning for the neonatal course', 1, [emma]);
      const open = await group('Open airway club', 'Anyone may join', 0, [emma]);
      await post(emma, 'Faculty roster cardioversion', 'Who runs Tuesday?', { group: closed });
      await post(emma, 'Pending cardioversion question', 'Waiting for a moderator', { group: open, status: 0 });
      await post(emma, 'Open club cardioversion drill', 'Bring gloves', { group: open });
      await post(emma, 'Deleted cardioversion post', 'Gone', { deleted: true });
      await post(paul, 'Public cardioversion tips', 'Pads anterior-lateral');

      expect(titles(await searchPosts(paul, 'cardioversion'))).toEqual(['Public cardioversion tips']);
      const mine = await searchPosts(emma, 'cardioversion');
      expect(titles(mine).sort()).toEqual(['Faculty roster cardioversion', 'Open club cardioversion drill', 'Public cardioversion tips']);
      expect(mine.posts.find((p) => p.title === 'Faculty roster cardioversion')!.group).toEqual({ id: closed, name: 'Neonatal faculty' });

      await t.app.db.insertInto('group_members').values({ group_id: closed, user_id: paul.id, member_type: 0, joined_at: new Date().toISOString() }).execute();
      expect(titles(await searchPosts(paul, 'cardioversion')).sort()).toEqual(['Faculty roster cardioversion', 'Public cardioversion tips']);
      await t.app.db.deleteFrom('group_members').where('group_id', '=', closed).where('user_id', '=', paul.id).execute();
      expect(titles(await searchPosts(paul, 'cardioversion'))).toEqual(['Public cardioversion tips']);
    });

    it('opens a post a result links to, and 404 for one the caller may not see', async () => {
      const closed = await group('Closed paediatrics', 'Members only', 1, [emma]);
      const hidden = await post(emma, 'Closed group bronchiolitis', 'Members only text', { group: closed });
      const visible = await post(emma, 'Public bronchiolitis case', 'Oxygen and fluids');
      const ok = await as(t.app, paul, { method: 'GET', url: `/api/search/post/${visible}` });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ id: visible, title: 'Public bronchiolitis case', text: 'Oxygen and fluids', group: null, tags: [] });
      const no = await as(t.app, paul, { method: 'GET', url: `/api/search/post/${hidden}` });
      expect(no.statusCode).toBe(404);
      expect(no.json()).toEqual({ message: 'Post not found' });
      expect((await as(t.app, emma, { method: 'GET', url: `/api/search/post/${hidden}` })).statusCode).toBe(200);
    });

    it('follows edits and deletions of posts (the triggers keep the index)', async () => {
      const id = await post(emma, 'Tension pneumothorax', 'Needle decompression');
      expect((await searchPosts(paul, 'pneumothorax')).count).toBe(1);
      await t.app.db.updateTable('posts').set({ title: 'Haemothorax review' }).where('id', '=', id).execute();
      expect((await searchPosts(paul, 'pneumothorax')).count).toBe(0);
      expect(titles(await searchPosts(paul, 'haemothorax'))).toEqual(['Haemothorax review']);
      await t.app.db.updateTable('posts').set({ deleted_at: new Date().toISOString() }).where('id', '=', id).execute();
      expect((await searchPosts(paul, 'haemothorax')).count).toBe(0);
      await t.app.db.deleteFrom('posts').where('id', '=', id).execute();
      expect((await searchPosts(paul, 'haemothorax')).count).toBe(0);
    });

    it("follows a post's approval and its group: a pending post is found once approved, a post moved to a closed group only by its members", async () => {
      const closed = await group('Closed sim faculty', 'Members only', 1, [emma]);
      const id = await post(emma, 'Capnography waveform quiz', 'Name the shape', { status: 0 });
      expect((await searchPosts(paul, 'capnography waveform')).count).toBe(0);
      await t.app.db.updateTable('posts').set({ status: 1 }).where('id', '=', id).execute();
      expect(titles(await searchPosts(paul, 'capnography waveform'))).toEqual(['Capnography waveform quiz']);
      await t.app.db.updateTable('posts').set({ group_id: closed }).where('id', '=', id).execute();
      expect((await searchPosts(paul, 'capnography waveform')).count).toBe(0);
      expect(titles(await searchPosts(emma, 'capnography waveform'))).toEqual(['Capnography waveform quiz']);
    });

    it("finds nothing for words that only the index's own bookkeeping holds", async () => {
      await post(paul, 'Listed words check', 'Nothing special here');
      for (const term of ['listedfeed', 'listed feed', 'listedg1', 'feed']) {
        const r = await searchPosts(paul, term);
        expect(r.posts.every((p) => /listed|feed/i.test(`${p.title} ${p.snippet.map((s) => s.text).join('')}`)), term).toBe(true);
      }
      expect((await searchPosts(paul, 'listedfeed')).count).toBe(0);
    });

    it('pages with count, from and to; -1 lists every visible post, newest first', async () => {
      for (let i = 1; i <= 7; i++) await post(paul, `Triage drill ${i}`, 'START triage practice');
      const first = await searchPosts(emma, 'triage', 0, 5);
      expect(first).toMatchObject({ count: 7, from: 0, to: 5 });
      const second = await searchPosts(emma, 'triage', 5, 5);
      expect(second).toMatchObject({ count: 7, from: 5, to: 7 });
      expect(new Set([...titles(first), ...titles(second)]).size).toBe(7);
      expect(await searchPosts(emma, 'triage', 20, 5)).toMatchObject({ count: 7, from: 20, to: 20, posts: [] });

      const all = await searchPosts(emma, '-1', 0, 3);
      expect(all.count).toBeGreaterThan(7);
      expect(titles(all)).toEqual(['Triage drill 7', 'Triage drill 6', 'Triage drill 5']);
      expect(all.posts[0].snippet).toEqual([{ text: 'START triage practice', match: false }]);
    });

    it('treats punctuation as a word break and ignores characters of query syntax', async () => {
      await post(emma, 'Post-ROSC care: 12-lead ECG', 'See https://example.org/rosc and e-mail lead@rosc.example');
      expect(titles(await searchPosts(paul, 'rosc'))).toEqual(['Post-ROSC care: 12-lead ECG']);
      expect(titles(await searchPosts(paul, 'lead ecg'))).toEqual(['Post-ROSC care: 12-lead ECG']);
      expect(titles(await searchPosts(paul, 'example'))).toEqual(['Post-ROSC care: 12-lead ECG']);
      for (const term of ['"rosc', 'rosc*', 'rosc:* | x', "ro'sc", 'NEAR(rosc)', 'rosc AND', '(', '!!!']) {
        const res = await as(t.app, paul, { method: 'GET', url: `/api/search/searchposts/0/20/${encodeURIComponent(term)}` });
        expect(res.statusCode).toBe(200);
      }
    });

    it('refuses a bad limit, offset or an over-long term with a message', async () => {
      const limit = await as(t.app, paul, { method: 'GET', url: '/api/search/searchposts/0/101/sepsis' });
      expect(limit.statusCode).toBe(422);
      expect(limit.json()).toEqual({ message: 'Limit must be at most 100' });
      const offset = await as(t.app, paul, { method: 'GET', url: '/api/search/searchposts/-1/20/sepsis' });
      expect(offset.statusCode).toBe(422);
      expect(offset.json()).toEqual({ message: 'Offset must be at least 0' });
      const long = await as(t.app, paul, { method: 'GET', url: `/api/search/searchposts/0/20/${'a'.repeat(201)}` });
      expect(long.statusCode).toBe(422);
      expect(long.json()).toEqual({ message: 'The search term must be at most 200 characters' });
      const anonymous = await t.app.inject({ method: 'GET', url: '/api/search/searchposts/0/20/sepsis' });
      expect(anonymous.statusCode).toBe(401);
    });
  });

  describe('users', () => {
    it('is for admins only', async () => {
      const res = await as(t.app, emma, { method: 'GET', url: '/api/search/searchusers/0/20/paul' });
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ message: 'Only administrators can search users' });
    });

    it('finds users by a prefix of a name, username or e-mail, accents ignored, with the match marked', async () => {
      await createUser(t.app, { username: 'jgarcia', firstName: 'José', lastName: 'García' });
      const find = async (term: string) => {
        const res = await as(t.app, admin, { method: 'GET', url: `/api/search/searchusers/0/20/${encodeURIComponent(term)}` });
        expect(res.statusCode).toBe(200);
        return res.json() as SearchUsers;
      };
      for (const term of ['jose', 'JOSÉ gar', 'garcia', 'jgar', 'jgarcia@example']) {
        const r = await find(term);
        expect(r.users.map((u) => u.username)).toEqual(['jgarcia']);
      }
      const r = await find('jose');
      expect(r).toMatchObject({ count: 1, from: 0, to: 1 });
      expect(r.users[0]).toMatchObject({ first_name: 'José', last_name: 'García', email: 'jgarcia@example.test', enabled: true });
      expect(marks(r.users[0].snippet)).toEqual(['José']);
      expect((await find('para')).users.map((u) => u.username)).toEqual(['paul_paramedic']);
      expect((await find('nobody')).count).toBe(0);
    });
  });

  describe('groups', () => {
    it('finds groups by name or description, name matches first, with a snippet and whether they are invite-only', async () => {
      await group('Resuscitation council', 'Guidelines and updates', 0, [emma]);
      await group('Simulation educators', 'Talk about resuscitation teaching and debriefing', 1, [paul]);
      const res = await as(t.app, emma, { method: 'GET', url: '/api/search/searchgroups/0/20/resusc' });
      expect(res.statusCode).toBe(200);
      const r = res.json() as SearchGroups;
      expect(r.groups.map((g) => g.name)).toEqual(['Resuscitation council', 'Simulation educators']);
      expect(r.groups.map((g) => g.isInviteOnly)).toEqual([false, true]);
      expect(marks(r.groups[1].snippet)).toEqual(['resuscitation']);
      expect(r).toMatchObject({ count: 2, from: 0, to: 2 });
      const none = (await as(t.app, emma, { method: 'GET', url: '/api/search/searchgroups/0/20/zzz' })).json() as SearchGroups;
      expect(none).toEqual({ groups: [], count: 0, from: 0, to: 0 });
    });

    it('follows renamed and deleted groups', async () => {
      const id = await group('Trauma talk', 'Major trauma cases', 0, [emma]);
      await t.app.db.updateTable('forum_groups').set({ name: 'Burns forum' }).where('id', '=', id).execute();
      const names = async (term: string) =>
        ((await as(t.app, emma, { method: 'GET', url: `/api/search/searchgroups/0/20/${term}` })).json() as SearchGroups).groups.map((g) => g.name);
      expect(await names('burns')).toEqual(['Burns forum']);
      expect(await names('trauma')).toEqual(['Burns forum']);
      await t.app.db.deleteFrom('forum_groups').where('id', '=', id).execute();
      expect(await names('burns')).toEqual([]);
    });

    it('sorts by name without regard to case, the name tier first, every page from either end the same, after renames', async () => {
      // Seven groups with "cardio" in the name and two with it only in the description.
      const ids: number[] = [];
      for (const name of ['cardio Zulu', 'Cardio alpha', 'CARDIO Mike', 'cardio bravo', 'Cardio echo', 'cardio Kilo', 'Cardio delta']) ids.push(await group(name, 'Heart rhythms', 0, [emma]));
      await group('Rhythm club', 'cardiology for beginners', 0, [emma]);
      await group('ECG corner', 'All things cardio', 0, [emma]);
      // A rename moves a group in the order (the name key follows the name).
      await t.app.db.updateTable('forum_groups').set({ name: 'Cardio Charlie' }).where('id', '=', ids[0]).execute();
      const page = async (offset: number, count: number) =>
        ((await as(t.app, emma, { method: 'GET', url: `/api/search/searchgroups/${offset}/${count}/cardio` })).json() as SearchGroups).groups.map((g) => g.name);
      const all = ['Cardio alpha', 'cardio bravo', 'Cardio Charlie', 'Cardio delta', 'Cardio echo', 'cardio Kilo', 'CARDIO Mike', 'ECG corner', 'Rhythm club'];
      expect(await page(0, 20)).toEqual(all);
      // Pages of two, the later ones read from the end of the list.
      const paged: string[] = [];
      for (let offset = 0; offset < all.length; offset += 2) paged.push(...(await page(offset, 2)));
      expect(paged).toEqual(all);
      expect(await page(7, 5)).toEqual(['ECG corner', 'Rhythm club']);
      // The directory (no words) in the same order.
      const directory = ((await as(t.app, emma, { method: 'GET', url: '/api/search/searchgroups/0/100/-1' })).json() as SearchGroups).groups.map((g) => g.name);
      const cardio = directory.filter((n) => /^cardio/i.test(n));
      expect(cardio).toEqual(all.slice(0, 7));
      const last = ((await as(t.app, emma, { method: 'GET', url: `/api/search/searchgroups/${directory.length - 1}/1/-1` })).json() as SearchGroups).groups.map((g) => g.name);
      expect(last).toEqual([directory[directory.length - 1]]);
    });

    it('a word only one indexed word starts with: the same groups, tiers, order and pages from the word index, which follows every write', async () => {
      const watch = await group('Sepsis-watch', 'Early SÉPTIC signs', 0, [emma]);
      const zeta = await group('Sepsis Zeta', 'Rounds', 0, [emma]);
      await group('séPSIS alpha', 'Neonates', 0, [emma]);
      await group('neonatal SEPSIS', 'Cots', 0, [emma]);
      await group('Paeds hub', 'early sepsis recognition', 0, [emma]);
      const gone = await group('Sepsis archive', 'Old cases', 0, [emma]);
      // What the triggers keep: each word once, tier 0 when the name holds it, folded as search folds.
      const words = await t.app.db.selectFrom('group_words').select(['word', 'tier']).where('group_id', '=', watch).orderBy('word').execute();
      expect(words).toEqual([
        { word: 'early', tier: 1 },
        { word: 'sepsis', tier: 0 },
        { word: 'septic', tier: 1 },
        { word: 'signs', tier: 1 },
        { word: 'watch', tier: 0 },
      ]);
      await t.app.db.updateTable('forum_groups').set({ name: 'Zeta rounds' }).where('id', '=', zeta).execute();
      await t.app.db.deleteFrom('forum_groups').where('id', '=', gone).execute();
      expect(await t.app.db.selectFrom('group_words').select('word').where('group_id', '=', gone).execute()).toEqual([]);

      const search = async (term: string, offset = 0, count = 20) =>
        (await as(t.app, emma, { method: 'GET', url: `/api/search/searchgroups/${offset}/${count}/${encodeURIComponent(term)}` })).json() as SearchGroups;
      // The list's order is the directory's (by name, as the database sorts): the name tier, then the others.
      const directory = (await search('-1', 0, 100)).groups.map((g) => g.name);
      const inName = ['Sepsis-watch', 'séPSIS alpha', 'neonatal SEPSIS'];
      const expected = [...directory.filter((n) => inName.includes(n)), 'Paeds hub'];
      expect(expected).toHaveLength(4);
      for (const term of ['sepsis', 'SEPS', 'sépsis']) {
        const r = await search(term);
        expect(r.groups.map((g) => g.name), term).toEqual(expected);
        expect(r).toMatchObject({ count: 4, from: 0, to: 4 });
      }
      // Pages of one, the later ones read from the end of the list.
      const paged: string[] = [];
      for (let offset = 0; offset < 5; offset++) paged.push(...(await search('sepsis', offset, 1)).groups.map((g) => g.name));
      expect(paged).toEqual(expected);
      // A second word starting with the prefix: the full-text index answers, with the same rule.
      await group('Sepsislab', 'Bench', 0, [emma]);
      const both = [...directory.filter((n) => inName.includes(n)), 'Sepsislab'];
      const withLab = (await search('seps')).groups.map((g) => g.name);
      expect(withLab.slice(-1)).toEqual(['Paeds hub']);
      expect(withLab.slice(0, -1).sort()).toEqual(both.sort());
      expect((await search('sepsis')).count).toBe(5);
      expect((await search('sepsisl')).groups.map((g) => g.name)).toEqual(['Sepsislab']);
    });
  });
});
