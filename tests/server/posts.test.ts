import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { postsRepository } from '../../src/server/features/posts/repository.js';
import { postsService } from '../../src/server/features/posts/service.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

type Part = { name: string; value: string } | { name: string; filename: string; content: Buffer | string; type?: string };

/** A multipart/form-data body as a browser would send it. */
export function multipart(parts: Part[]) {
  const boundary = `----test${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`));
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

async function tagId(app: FastifyInstance, title: string) {
  const row = await app.db.insertInto('tags').values({ title }).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

async function addMedia(app: FastifyInstance, owner: number, opts: { approval?: number; privacy?: number; processed?: number; name?: string } = {}) {
  const row = await app.db
    .insertInto('media')
    .values({
      uuid_id: crypto.randomUUID(),
      name: opts.name ?? 'ECG strip',
      description: null,
      is_video: 0,
      file_key: `media/${crypto.randomUUID()}.png`,
      file_name: 'ecg.png',
      file_size: 10,
      mime_type: 'image/png',
      thumb_key: 'thumbs/ecg.webp',
      is_processed: opts.processed ?? 1,
      processing_error: null,
      approval_status: opts.approval ?? 2,
      rejection_reason: null,
      privacy_level: opts.privacy ?? 2,
      contributed_by: owner,
      contributed_at: new Date().toISOString(),
      num_downloads: 0,
      duration_in_seconds: 0,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function addScenario(app: FastifyInstance, owner: number, opts: { privacy?: number; name?: string; fileName?: string } = {}) {
  const res = await sql<{ id: number }>`
    INSERT INTO scenarios (uuid_id, name, file_key, file_name, privacy_level, is_processed, contributed_by, contributed_at, device_id)
    VALUES (${crypto.randomUUID()}, ${opts.name ?? 'Chest pain'}, ${'scenarios/x.json'}, ${opts.fileName ?? 'chest.json'}, ${opts.privacy ?? 2}, 1, ${owner}, ${new Date().toISOString()}, 3)
    RETURNING id`.execute(app.db);
  return res.rows[0].id;
}

const createPost = (app: FastifyInstance, user: TestUser, body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  as(app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: body, headers });

describe.each(dbKinds)('forum posts (%s)', (kind) => {
  let t: TestApp;
  let emma: TestUser;
  let paul: TestUser;
  let admin: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    emma = await createUser(t.app, { firstName: 'Emma', lastName: 'Educator' });
    paul = await createUser(t.app, { firstName: 'Paul', lastName: 'Paramedic' });
    admin = await createUser(t.app, { role: 5, firstName: 'Adam', lastName: 'Admin' });
  });
  afterAll(() => t.close());

  it('needs a session for every call', async () => {
    for (const [method, url] of [
      ['GET', '/api/forumpost/GetPosts/0/5/-1'],
      ['POST', '/api/forumpost/CreatePost'],
      ['DELETE', '/api/forumpost/DeletePost/1'],
      ['POST', '/api/forumpost/report/1'],
      ['GET', '/api/forumpost/reportedposts'],
      ['GET', '/api/Notification'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it('creates a text post with a trimmed title and answers the post shape', async () => {
    const res = await createPost(t.app, emma, { title: '  Hello team  ', text: 'First shift tomorrow' });
    expect(res.statusCode).toBe(201);
    const post = res.json();
    expect(post).toMatchObject({
      title: 'Hello team',
      text: 'First shift tomorrow',
      creator: { id: emma.id, uuid_id: emma.uuid_id, first_name: 'Emma', last_name: 'Educator' },
      status: 1,
      type: 'post',
      group: null,
      media: [],
      scenarios: [],
      tags: [],
      is_mine: true,
      errors: [],
    });
    expect(typeof post.id).toBe('number');
    expect(new Date(post.created_at).toString()).not.toBe('Invalid Date');
  });

  it("refuses a blank title with 'Please enter a title'", async () => {
    for (const title of ['', '   ', undefined]) {
      const res = await createPost(t.app, emma, { title, text: 'x' });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Please enter a title' });
    }
  });

  it('lists the feed newest first with posts, count, to and total, and marks is_mine per reader', async () => {
    const u = await createUser(t.app);
    const before = (await as(t.app, u, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' })).json().total as number;
    for (let i = 1; i <= 7; i++) await createPost(t.app, u, { title: `Feed post ${i}` });
    const page1 = await as(t.app, paul, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' });
    expect(page1.statusCode).toBe(200);
    const body = page1.json();
    expect(body.total).toBe(before + 7);
    expect(body.count).toBe(5);
    expect(body.to).toBe(5);
    expect(body.posts.map((p: { title: string }) => p.title)).toEqual(['Feed post 7', 'Feed post 6', 'Feed post 5', 'Feed post 4', 'Feed post 3']);
    expect(body.posts.every((p: { is_mine: boolean }) => p.is_mine === false)).toBe(true);
    const page2 = (await as(t.app, paul, { method: 'GET', url: '/api/forumpost/GetPosts/5/5/-1' })).json();
    expect(page2.posts.map((p: { title: string }) => p.title).slice(0, 2)).toEqual(['Feed post 2', 'Feed post 1']);
    expect(page2.to).toBe(5 + page2.count);
    const mine = (await as(t.app, u, { method: 'GET', url: '/api/forumpost/GetPosts/0/1/-1' })).json();
    expect(mine.posts[0].is_mine).toBe(true);
  });

  it('filters the feed by tags (any of the ids)', async () => {
    const cardiac = await tagId(t.app, 'Cardiac feed');
    const trauma = await tagId(t.app, 'Trauma feed');
    await createPost(t.app, emma, { title: 'About cardiac', tags: String(cardiac) });
    await createPost(t.app, emma, { title: 'About trauma', tags: [trauma] });
    const one = (await as(t.app, paul, { method: 'GET', url: `/api/forumpost/GetPosts/0/5/${cardiac}` })).json();
    expect(one.total).toBe(1);
    expect(one.posts[0]).toMatchObject({ title: 'About cardiac', tags: [{ id: cardiac, title: 'Cardiac feed' }] });
    const both = (await as(t.app, paul, { method: 'GET', url: `/api/forumpost/GetPosts/0/5/${cardiac},${trauma}` })).json();
    expect(both.posts.map((p: { title: string }) => p.title)).toEqual(['About trauma', 'About cardiac']);
  });

  it('refuses unknown tags and malformed tag filters', async () => {
    const res = await createPost(t.app, emma, { title: 'Bad tag', tags: [999999] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('One of the chosen tags does not exist');
    const bad = await as(t.app, emma, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/abc' });
    expect(bad.statusCode).toBe(422);
  });

  it('attaches approved media and visible scenarios, and derives the type', async () => {
    const media = await addMedia(t.app, paul.id, { name: 'Rhythm strip' });
    const res = await createPost(t.app, emma, { title: 'With media', media: String(media) });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ type: 'media', media: [{ id: media, name: 'Rhythm strip', is_video: false }] });
    expect(res.json().media[0].signed_thumb_url).toMatch(/^\/api\/files\/thumbs\/ecg\.webp\?/);

    const scen = await addScenario(t.app, paul.id, { name: 'Public STEMI', fileName: 'stemi.ctgi' });
    const mine = await addScenario(t.app, emma.id, { name: 'My public one' });
    const res2 = await createPost(t.app, emma, { title: 'With scenarios', scenarios: `${scen},${mine}` });
    expect(res2.statusCode).toBe(201);
    expect(res2.json().type).toBe('scenario');
    expect(res2.json().scenarios).toEqual([
      expect.objectContaining({ id: mine, name: 'My public one', is_ctgi: false }),
      expect.objectContaining({ id: scen, name: 'Public STEMI', device_id: 3, is_ctgi: true }),
    ]);
  });

  it("media made private after it was posted no longer shows to others in the post; its owner still sees it", async () => {
    const media = await addMedia(t.app, emma.id, { name: 'Trolley layout' });
    const post = (await createPost(t.app, emma, { title: 'Soon private media', media: [media] })).json().id as number;
    const feedPost = async (user: TestUser) => {
      const res = await as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' });
      expect(res.statusCode).toBe(200);
      return (res.json().posts as { id: number; media: { id: number; name: string }[] }[]).find((p) => p.id === post)!;
    };
    expect((await feedPost(paul)).media).toEqual([expect.objectContaining({ id: media, name: 'Trolley layout' })]);

    const edit = await as(t.app, emma, { method: 'PATCH', url: `/api/media/Edit/${media}`, payload: { privacy_level: 0 } });
    expect(edit.statusCode).toBe(200);
    expect((await feedPost(paul)).media).toEqual([]);
    expect((await feedPost(admin)).media).toEqual([]);
    expect((await feedPost(emma)).media).toEqual([expect.objectContaining({ id: media, name: 'Trolley layout' })]);
    // The media item itself is another user's private item: not found.
    expect((await as(t.app, paul, { method: 'GET', url: `/api/media/MediaItem/${media}` })).statusCode).toBe(404);
  });

  it('a feed post refuses my own private scenario: other users could not open it', async () => {
    const mineHidden = await addScenario(t.app, emma.id, { privacy: 0, name: 'My private one' });
    const res = await createPost(t.app, emma, { title: 'With a private scenario', scenarios: [mineHidden] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Private scenarios can only be attached to group posts' });
  });

  it('a post refuses my own private media with a clear message, as others would not see it, and creates nothing', async () => {
    const total = async () => Number((await t.app.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const n = await total();
    const mine = await addMedia(t.app, emma.id, { privacy: 0, name: 'My private photo' });
    const res = await createPost(t.app, emma, { title: 'With a private photo', media: [mine] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Private media must be made public before it can be attached to a post' });
    expect(await total()).toBe(n);
    // Made public, the same item is attached, and other users see it in the post.
    expect((await as(t.app, emma, { method: 'PATCH', url: `/api/media/Edit/${mine}`, payload: { privacy_level: 2, alt_text: 'A nurse at a simulation manikin', confirm_deidentified: true } })).statusCode).toBe(200);
    const ok = await createPost(t.app, emma, { title: 'With a public photo', media: [mine] });
    expect(ok.statusCode).toBe(201);
    const seen = (await as(t.app, paul, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json().posts.find((p: { id: number }) => p.id === ok.json().id);
    expect(seen.media).toEqual([expect.objectContaining({ id: mine, name: 'My private photo', alt_text: 'A nurse at a simulation manikin' })]);
  });

  it('refuses unapproved media with a clear message and creates nothing', async () => {
    const total = async () => Number((await t.app.db.selectFrom('posts').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const n = await total();
    for (const approval of [0, 1]) {
      const media = await addMedia(t.app, emma.id, { approval, privacy: 0 });
      const res = await createPost(t.app, emma, { title: 'Unapproved', media: [media] });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: 'Media must be approved before it can be attached to a post' });
    }
    const othersPrivate = await addMedia(t.app, paul.id, { approval: 0, privacy: 0 });
    const res = await createPost(t.app, emma, { title: 'Not mine', media: [othersPrivate] });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe('One of the attached media items could not be found');
    expect(await total()).toBe(n);
  });

  it("refuses another user's private scenario and creates nothing", async () => {
    const hidden = await addScenario(t.app, paul.id, { privacy: 0 });
    const res = await createPost(t.app, emma, { title: 'Sneaky', scenarios: [hidden] });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'One of the attached scenarios could not be found' });
    const missing = await createPost(t.app, emma, { title: 'Missing', scenarios: [987654] });
    expect(missing.statusCode).toBe(422);
    const feed = (await as(t.app, emma, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    expect(feed.posts.some((p: { title: string }) => p.title === 'Sneaky' || p.title === 'Missing')).toBe(false);
  });

  it('accepts multipart with repeated and comma-joined ids', async () => {
    const a = await tagId(t.app, 'Multipart A');
    const b = await tagId(t.app, 'Multipart B');
    const media = await addMedia(t.app, emma.id);
    const form = multipart([
      { name: 'title', value: 'Multipart post' },
      { name: 'text', value: 'Body text' },
      { name: 'tags', value: String(a) },
      { name: 'tags', value: String(b) },
      { name: 'media', value: `${media}` },
    ]);
    const res = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Multipart post', text: 'Body text', type: 'media', errors: [] });
    expect(res.json().tags.map((x: { id: number }) => x.id).sort()).toEqual([a, b].sort());
  });

  it('a refused multipart post with a file creates no post and stores no file', async () => {
    const form = multipart([
      { name: 'title', value: '   ' },
      { name: 'mediaToUpload', filename: 'pic.png', content: Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex'), type: 'image/png' },
    ]);
    const mediaBefore = Number((await t.app.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    const res = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', ...form });
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: 'Please enter a title' });
    const mediaAfter = Number((await t.app.db.selectFrom('media').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
    expect(mediaAfter).toBe(mediaBefore);
  });

  it('a file that fails its checks is listed in errors and the post is still created', async () => {
    const form = multipart([
      { name: 'title', value: 'With a bad file' },
      { name: 'mediaToUpload', filename: 'notes.txt', content: 'hello', type: 'text/plain' },
    ]);
    const res = await as(t.app, emma, { method: 'POST', url: '/api/forumpost/CreatePost', ...form });
    expect(res.statusCode).toBe(201);
    expect(res.json().title).toBe('With a bad file');
    expect(res.json().errors).toEqual([{ filename: 'notes.txt', message: expect.any(String) }]);
    expect(res.json().errors[0].message.length).toBeGreaterThan(0);
  });

  it('replays one Idempotency-Key five times: one post, the same response', async () => {
    const u = await createUser(t.app);
    const key = crypto.randomUUID();
    const bodies: string[] = [];
    for (let i = 0; i < 5; i++) {
      const form = multipart([{ name: 'title', value: 'Queued offline' }, { name: 'text', value: 'sent when back online' }]);
      const res = await as(t.app, u, { method: 'POST', url: '/api/forumpost/CreatePost', payload: form.payload, headers: { ...form.headers, 'idempotency-key': key } });
      expect(res.statusCode).toBe(201);
      bodies.push(res.body);
    }
    expect(new Set(bodies).size).toBe(1);
    const rows = await t.app.db.selectFrom('posts').select('id').where('creator_id', '=', u.id).execute();
    expect(rows).toHaveLength(1);
    expect(JSON.parse(bodies[0]).id).toBe(rows[0].id);
  });

  it('lets only the creator delete a post (403 for another visible post, 404 when missing)', async () => {
    const post = (await createPost(t.app, emma, { title: 'To delete' })).json();
    const other = await as(t.app, paul, { method: 'DELETE', url: `/api/forumpost/DeletePost/${post.id}` });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only delete your own posts' });
    const own = await as(t.app, emma, { method: 'DELETE', url: `/api/forumpost/DeletePost/${post.id}` });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toEqual({ message: 'Post deleted' });
    const again = await as(t.app, emma, { method: 'DELETE', url: `/api/forumpost/DeletePost/${post.id}` });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Post not found' });
    const feed = (await as(t.app, emma, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    expect(feed.posts.some((p: { id: number }) => p.id === post.id)).toBe(false);
  });

  it('reports: not one’s own, once per user, and the creator and admins are told', async () => {
    const post = (await createPost(t.app, emma, { title: 'Reportable' })).json();
    const own = await as(t.app, emma, { method: 'POST', url: `/api/forumpost/report/${post.id}` });
    expect(own.statusCode).toBe(422);
    expect(own.json()).toEqual({ message: 'You cannot report your own post' });
    const first = await as(t.app, paul, { method: 'POST', url: `/api/forumpost/report/${post.id}` });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Post reported' });
    const second = await as(t.app, paul, { method: 'POST', url: `/api/forumpost/report/${post.id}` });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toEqual({ message: 'You have already reported this post' });
    const missing = await as(t.app, paul, { method: 'POST', url: '/api/forumpost/report/999999' });
    expect(missing.statusCode).toBe(404);

    const emmaN = (await as(t.app, emma, { method: 'GET', url: '/api/Notification' })).json();
    expect(emmaN.notifications[0]).toMatchObject({ name: 'Your post was reported', has_read: false });
    const adminN = (await as(t.app, admin, { method: 'GET', url: '/api/Notification' })).json();
    expect(adminN.notifications[0]).toMatchObject({ name: 'A post was reported', description: 'Reportable', link: '/admin/reported' });
  });

  it('simultaneous identical reports: one is taken, the others get 409 with a message, the creator is told once', async () => {
    const post = (await createPost(t.app, emma, { title: 'Reported twice at once' })).json();
    const reporter = await createUser(t.app);
    const results = await Promise.all(
      Array.from({ length: 6 }, () => as(t.app, reporter, { method: 'POST', url: `/api/forumpost/report/${post.id}` })),
    );
    const statuses = results.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409]);
    for (const r of results.filter((x) => x.statusCode === 409)) expect(r.json()).toEqual({ message: 'You have already reported this post' });
    const rows = await t.app.db.selectFrom('post_reports').select('user_id').where('post_id', '=', post.id).execute();
    expect(rows).toHaveLength(1);
    const told = await t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', emma.id)
      .where('name', '=', 'Your post was reported')
      .where('description', 'like', '%Reported twice at once%')
      .execute();
    expect(told).toHaveLength(1);
  });

  it('a reported post deleted by two admins at once: one succeeds, the other is 404, the creator is told once', async () => {
    const post = (await createPost(t.app, emma, { title: 'Removed twice at once' })).json();
    await as(t.app, paul, { method: 'POST', url: `/api/forumpost/report/${post.id}` });
    const results = await Promise.all(
      Array.from({ length: 4 }, () => as(t.app, admin, { method: 'POST', url: `/api/forumpost/deletereportedpost/${post.id}` })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 404, 404, 404]);
    for (const r of results.filter((x) => x.statusCode === 404)) expect(r.json()).toEqual({ message: 'Post not found' });
    const told = await t.app.db
      .selectFrom('notifications')
      .select('id')
      .where('user_id', '=', emma.id)
      .where('name', '=', 'Your post was removed')
      .where('description', 'like', '%Removed twice at once%')
      .execute();
    expect(told).toHaveLength(1);
  });

  it('answers bad path parameters and ids beyond the column range with 404 or 422, never 500', async () => {
    for (const url of ['/api/forumpost/report/2147483648', '/api/forumpost/report/abc', '/api/forumpost/report/99999999999999999999']) {
      const res = await as(t.app, paul, { method: 'POST', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({ message: 'Resource not found' });
    }
    expect((await as(t.app, paul, { method: 'DELETE', url: '/api/forumpost/DeletePost/2147483648' })).statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'POST', url: '/api/forumpost/deletereportedpost/2147483648' })).statusCode).toBe(404);
    expect((await as(t.app, admin, { method: 'POST', url: `/api/forumpost/ignorereportedpost/1/2147483648` })).statusCode).toBe(404);
    const feed = (url: string) => as(t.app, paul, { method: 'GET', url });
    expect((await feed('/api/forumpost/GetPosts/x/5/-1')).json()).toEqual({ message: 'Offset must be a whole number' });
    expect((await feed('/api/forumpost/GetPosts/99999999999999999/5/-1')).statusCode).toBe(422);
    expect((await feed('/api/forumpost/GetPosts/0/0/-1')).json()).toEqual({ message: 'Count must be at least 1' });
    expect((await feed('/api/forumpost/GetPosts/0/5/2147483648')).statusCode).toBe(422);
    const big = await createPost(t.app, emma, { title: 'Huge tag id', tags: ['2147483648'] });
    expect(big.statusCode).toBe(422);
    expect(big.json()).toEqual({ message: 'Attachment and tag ids must be at most 2147483647' });
    const bigMedia = await createPost(t.app, emma, { title: 'Huge media id', media: '99999999999' });
    expect(bigMedia.statusCode).toBe(422);
  });

  it('answers at most 50 posts a page', async () => {
    const u = await createUser(t.app);
    for (let i = 0; i < 51; i++) await createPost(t.app, u, { title: `Many ${i}` });
    const page = (await as(t.app, u, { method: 'GET', url: '/api/forumpost/GetPosts/0/100/-1' })).json();
    expect(page.count).toBe(50);
    expect(page.posts).toHaveLength(50);
    expect(page.to).toBe(50);
  });

  it('the moderation rules check the admin role themselves, not only the route', async () => {
    const service = postsService({
      repo: postsRepository(t.app.db, t.app.dialect),
      groups: t.app.ports.groups,
      notify: async () => undefined,
      signThumb: (key) => key,
      acceptUpload: async () => {
        throw new Error('no uploads here');
      },
    });
    const row = await t.app.db.selectFrom('users').selectAll().where('id', '=', paul.id).executeTakeFirstOrThrow();
    const refused = { statusCode: 403, message: 'You do not have permission to do that' };
    await expect(service.reported(row)).rejects.toMatchObject(refused);
    await expect(service.ignoreReport(row, 1, 1)).rejects.toMatchObject(refused);
    await expect(service.deleteReported(row, 1)).rejects.toMatchObject(refused);
    await expect(service.postToEveryone(row, { title: 'Nope', text: '', tags: [] })).rejects.toMatchObject(refused);
    const adminRow = await t.app.db.selectFrom('users').selectAll().where('id', '=', admin.id).executeTakeFirstOrThrow();
    expect(Array.isArray(await service.reported(adminRow))).toBe(true);
  });

  it('admin lists reports, ignores one and deletes a reported post (the creator is notified)', async () => {
    const post = (await createPost(t.app, emma, { title: 'Offensive' })).json();
    const other = (await createPost(t.app, emma, { title: 'Harmless' })).json();
    await as(t.app, paul, { method: 'POST', url: `/api/forumpost/report/${post.id}` });
    await as(t.app, paul, { method: 'POST', url: `/api/forumpost/report/${other.id}` });

    const forbidden = await as(t.app, paul, { method: 'GET', url: '/api/forumpost/reportedposts' });
    expect(forbidden.statusCode).toBe(403);
    expect((await as(t.app, paul, { method: 'POST', url: `/api/forumpost/deletereportedpost/${post.id}` })).statusCode).toBe(403);
    expect((await as(t.app, paul, { method: 'POST', url: `/api/forumpost/ignorereportedpost/${post.id}/${paul.id}` })).statusCode).toBe(403);

    const list = await as(t.app, admin, { method: 'GET', url: '/api/forumpost/reportedposts' });
    expect(list.statusCode).toBe(200);
    const entries = list.json() as { post: { id: number; title: string; creator: { id: number } }; reportedBy: { id: number; first_name: string } }[];
    const mine = entries.filter((e) => [post.id, other.id].includes(e.post.id));
    expect(mine).toHaveLength(2);
    expect(mine[0]).toMatchObject({ post: { title: 'Harmless', creator: { id: emma.id } }, reportedBy: { id: paul.id, first_name: 'Paul' } });

    const ignored = await as(t.app, admin, { method: 'POST', url: `/api/forumpost/ignorereportedpost/${other.id}/${paul.id}` });
    expect(ignored.statusCode).toBe(200);
    expect(ignored.json()).toEqual({ message: 'Report ignored' });
    const twice = await as(t.app, admin, { method: 'POST', url: `/api/forumpost/ignorereportedpost/${other.id}/${paul.id}` });
    expect(twice.statusCode).toBe(404);

    const del = await as(t.app, admin, { method: 'POST', url: `/api/forumpost/deletereportedpost/${post.id}` });
    expect(del.statusCode).toBe(200);
    expect(del.json()).toEqual({ message: 'Post deleted' });
    const after = (await as(t.app, admin, { method: 'GET', url: '/api/forumpost/reportedposts' })).json() as { post: { id: number } }[];
    expect(after.some((e) => e.post.id === post.id || e.post.id === other.id)).toBe(false);

    const feed = (await as(t.app, paul, { method: 'GET', url: '/api/forumpost/GetPosts/0/50/-1' })).json();
    expect(feed.posts.some((p: { id: number }) => p.id === post.id)).toBe(false);
    expect(feed.posts.some((p: { id: number }) => p.id === other.id)).toBe(true);

    const n = (await as(t.app, emma, { method: 'GET', url: '/api/Notification' })).json();
    expect(n.notifications[0]).toMatchObject({ name: 'Your post was removed', link: '/feed' });
    expect(n.notifications[0].description).toContain('Offensive');
    expect((await as(t.app, admin, { method: 'POST', url: `/api/forumpost/deletereportedpost/${post.id}` })).statusCode).toBe(404);
  });

  it('admin posts to everyone: a post with no group, every enabled user notified with a feed link', async () => {
    const disabled = await createUser(t.app);
    await t.app.db.updateTable('users').set({ enabled: 0 }).where('id', '=', disabled.id).execute();
    const refused = await as(t.app, paul, { method: 'POST', url: '/api/forumpost/PostToEveryone', payload: { title: 'Nope' } });
    expect(refused.statusCode).toBe(403);
    const blank = await as(t.app, admin, { method: 'POST', url: '/api/forumpost/PostToEveryone', payload: { title: ' ' } });
    expect(blank.statusCode).toBe(422);
    expect(blank.json()).toEqual({ message: 'Please enter a title' });

    const res = await as(t.app, admin, { method: 'POST', url: '/api/forumpost/PostToEveryone', payload: { title: 'Maintenance on Sunday', text: 'The site will be down for an hour.' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ title: 'Maintenance on Sunday', group: null, creator: { id: admin.id } });
    // The answer says how many users were told: every enabled user but the poster.
    const enabled = await t.app.db.selectFrom('users').select('id').where('enabled', '=', 1).where('id', '!=', admin.id).execute();
    expect(res.json().notified).toBe(enabled.length);
    expect(enabled.length).toBeGreaterThanOrEqual(2);
    const feed = (await as(t.app, paul, { method: 'GET', url: '/api/forumpost/GetPosts/0/1/-1' })).json();
    expect(feed.posts[0].title).toBe('Maintenance on Sunday');
    for (const u of [emma, paul]) {
      const n = (await as(t.app, u, { method: 'GET', url: '/api/Notification' })).json();
      expect(n.notifications[0]).toMatchObject({ description: 'Maintenance on Sunday', link: `/feed?post=${res.json().id}`, has_read: false });
    }
    const toDisabled = await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', disabled.id).execute();
    expect(toDisabled).toHaveLength(0);
    const toAdmin = await t.app.db.selectFrom('notifications').select('id').where('user_id', '=', admin.id).where('description', '=', 'Maintenance on Sunday').execute();
    expect(toAdmin).toHaveLength(0);
  });
});
