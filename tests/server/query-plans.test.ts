// Query plans that keep a page's cost independent of the size of other tables (SQLite, which has
// no statistics unless ANALYZE ran): the media of a page of posts are found from the page's post
// ids, not by walking every approved media item and looking each one up.
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, type TestApp, type TestUser } from './helpers.js';

describe('query plans (sqlite)', () => {
  let t: TestApp;
  let user: TestUser;
  beforeAll(async () => {
    t = await buildTestApp('sqlite', { sqliteReadThreads: 0 });
    user = await createUser(t.app);
  });
  afterAll(() => t?.close());

  it("a page of posts reads its media through post_media's post id, not through the media indexes", async () => {
    for (let i = 0; i < 5; i++) {
      const created = await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: `Plan check ${i}`, text: 'x' } });
      expect(created.statusCode).toBe(201);
    }
    // Record the statements the feed runs (reads run on this thread with no reader threads).
    const probe = new Database(':memory:');
    const proto = Object.getPrototypeOf(probe.prepare('select 1')) as Record<string, (...args: unknown[]) => unknown>;
    probe.close();
    const seen: { sql: string; params: unknown[] }[] = [];
    const original = proto.all;
    proto.all = function (this: { source: string }, ...args: unknown[]) {
      if (this.source.includes('"post_media"')) seen.push({ sql: this.source, params: args });
      return original.apply(this, args);
    };
    try {
      expect((await as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' })).statusCode).toBe(200);
    } finally {
      proto.all = original;
    }
    expect(seen.length).toBeGreaterThan(0);
    const db = new Database(`${t.dataDir}/community.sqlite`, { readonly: true });
    try {
      for (const q of seen) {
        const plan = db.prepare(`EXPLAIN QUERY PLAN ${q.sql}`).all(...(q.params as unknown[])) as { detail: string }[];
        // post_media searched by the post's id, each item then by its own id; no media index walked.
        const steps = plan.map((p) => p.detail);
        expect(steps.join(' | ')).toMatch(/SEARCH (post_media|pm) USING COVERING INDEX \S+ \(post_id=\?\)/);
        expect(steps.filter((d) => /^(SEARCH|SCAN) (media|m)\b/.test(d)), steps.join(' | ')).toEqual([expect.stringMatching(/^SEARCH (media|m) USING INTEGER PRIMARY KEY \(rowid=\?\)$/)]);
      }
    } finally {
      db.close();
    }
  });
});
