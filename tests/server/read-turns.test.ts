// Reads take turns, writes do not wait for one (src/server/lib/read-turns.ts): with every turn
// held, a page waits until one is given back, while posts, the health probe and a download answer
// at once. Nothing here depends on timing: the turn is held by the test until it says so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp } from './helpers.js';

describe.each(dbKinds)('read turns (%s)', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp(kind, { readConcurrency: 1 });
  });
  afterAll(async () => t.close());

  /** Holds the one turn until the returned function is called. */
  const holdTheTurn = () => {
    let giveBack!: () => void;
    const given = new Promise<void>((resolve) => (giveBack = resolve));
    let taken!: () => void;
    const holding = new Promise<void>((resolve) => (taken = resolve));
    void t.app.readTurns(async () => {
      taken();
      await given;
    });
    return { holding, giveBack };
  };

  it('a page waits for its turn; a write, a second write, the health probe and a download do not', async () => {
    const user = await createUser(t.app, { firstName: 'Tara', lastName: 'Turns' });
    const { holding, giveBack } = holdTheTurn();
    await holding;

    let answered = false;
    const page = as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' }).then((res) => {
      answered = true;
      return res;
    });

    const post = await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'Written while a page waits', text: 'No turn for writes.' } });
    expect(post.statusCode).toBe(201);
    const second = await as(t.app, user, { method: 'POST', url: '/api/forumpost/CreatePost', payload: { title: 'And another', text: 'Still no turn.' } });
    expect(second.statusCode).toBe(201);
    const health = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(health.statusCode).toBe(200);
    // A download (here a link whose signature is wrong) answers without a turn too.
    const file = await t.app.inject({ method: 'GET', url: `/api/files/media/none.png?exp=${Date.now() + 60_000}&name=none.png&disp=inline&sig=${'0'.repeat(64)}` });
    expect(file.statusCode).toBe(404);
    expect(answered).toBe(false);

    giveBack();
    const res = await page;
    expect(res.statusCode).toBe(200);
    // The page read after the writes shows them.
    expect(res.json().posts.map((p: { title: string }) => p.title)).toEqual(expect.arrayContaining(['Written while a page waits', 'And another']));
  });

  it('a page that fails gives its turn back', async () => {
    const user = await createUser(t.app, { firstName: 'Quinn', lastName: 'Queue' });
    const { holding, giveBack } = holdTheTurn();
    await holding;
    // With one turn, the feed answers only once the missing post's 404 has given the turn back.
    const missing = as(t.app, user, { method: 'GET', url: '/api/post/999999' });
    const feed = as(t.app, user, { method: 'GET', url: '/api/forumpost/GetPosts/0/5/-1' });
    giveBack();
    expect((await missing).statusCode).toBe(404);
    expect((await feed).statusCode).toBe(200);
  });

  it('turns are given first come, first served', async () => {
    const { holding, giveBack } = holdTheTurn();
    await holding;
    const started: number[] = [];
    const waiting = [1, 2, 3].map((n) => t.app.readTurns(async () => started.push(n)));
    expect(started).toEqual([]);
    giveBack();
    await Promise.all(waiting);
    expect(started).toEqual([1, 2, 3]);
  });
});
