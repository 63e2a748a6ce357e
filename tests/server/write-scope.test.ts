// A request that writes reads ahead of the lists (lib/request-scope.ts): from its handler on, every
// statement of a post or a favourite toggle runs in a write scope (on SQLite its reads run on the
// writer's connection, on PostgreSQL through the write pool: db/sqlite-driver.ts, db/pg-driver.ts);
// a page's statements never do, and a write scope shares no reads.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inWriteRequest } from '../../src/server/lib/request-scope.js';
import { eachStatement } from './statements.js';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';

describe.each(dbKinds)('reads of a request that writes (%s)', (kind) => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp(kind);
    user = await createUser(t.app, { firstName: 'Willa', lastName: 'Writes' });
  });
  afterAll(() => t.close());

  /** Each statement `fn` makes the app run, and whether it ran for a request that writes. */
  const scopesOf = (fn: () => Promise<unknown>) => eachStatement(t.app.db, fn, (sql) => ({ sql, writes: inWriteRequest() }));

  /** The session's own reads, made before the body is read (plugins/session.ts): its row and the list versions it was kept under. */
  const bySession = (sql: string) => /\bfrom "sessions"|\bFROM list_versions\b/i.test(sql);

  it("a post's and a toggle's statements after the session run as a write's; a page's never", async () => {
    const post = await scopesOf(async () => {
      const res = await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Written', text: 'In a write scope', type: 'post' } });
      expect(res.statusCode).toBe(201);
    });
    const inHandler = post.filter((s) => !bySession(s.sql));
    expect(inHandler.some((s) => /^insert into "posts"/i.test(s.sql))).toBe(true);
    expect(inHandler.some((s) => /^select/i.test(s.sql))).toBe(true);
    expect(inHandler.filter((s) => !s.writes)).toEqual([]);

    const scenario = await t.app.db
      .insertInto('scenarios')
      .values({
        uuid_id: crypto.randomUUID(), name: 'Favourite', description: 'Toggled', device_id: 3, patient_age: 2, patient_condition: 1, patient_sex: null,
        patient_photo_code: null, file_key: 'scenarios/x.json', file_name: 'x.json', file_size: 1, privacy_level: 2, is_processed: 1,
        processing_error: null, contributed_by: user.id, contributed_at: new Date().toISOString(), num_downloads: 0, duration_in_seconds: 0, num_checklist_items: 0,
        num_events: 0, has_images: 0, has_video: 0, has_sounds: 0, has_labs: 0, unicode_language_identifier: 'en-GB', directory_id: null, search_text: 'Favourite',
      } as never)
      .returning('id')
      .executeTakeFirstOrThrow();
    {
      const toggle = await scopesOf(async () => {
        const res = await as(t.app, user, { method: 'POST', url: `/api/scenarios/togglefavourite/${scenario.id}`, payload: {} });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toMatchObject({ is_favourited: true, number_favourites: 1 });
      });
      expect(toggle.some((s) => /^select/i.test(s.sql) && !bySession(s.sql))).toBe(true);
      expect(toggle.filter((s) => !bySession(s.sql) && !s.writes)).toEqual([]);
    }

    const page = await scopesOf(async () => {
      const res = await as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' });
      expect(res.statusCode).toBe(200);
      expect((res.json() as { posts: { title: string }[] }).posts[0].title).toBe('Written');
    });
    expect(page.length).toBeGreaterThan(0);
    expect(page.filter((s) => s.writes)).toEqual([]);
  });
});
