// Debriefs (TMS): ingestion by the educator who ran the session (validation, size limit,
// Idempotency-Key) and GET /api/editor/DebriefsForCurrentUser, which never shows another educator's.
import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, buildTestApp, createUser, dbKinds, type TestApp, type TestUser } from './helpers.js';
import { DEBRIEF_JSON_REQUIRED, EVENT_TYPE_MESSAGE } from '../../src/shared/schemas/debriefs.js';

const URL = '/api/editor/debriefs';
const LIST = '/api/editor/DebriefsForCurrentUser';

const scores = {
  numPositiveChecks: 7, numNegativeChecks: 2, totalCheckScore: 14, maxCheckScore: 18, gradedScore: 11,
  maxGradedScore: 15, cumulativeScore: 25, criticalScore: 3, maxCriticalScore: 4,
};

function debrief(overrides: Record<string, unknown> = {}) {
  return {
    name: 'VF arrest: Team A',
    createdAt: '2026-03-02T09:15:00Z',
    startDate: '2026-03-02T09:00:00Z',
    endDate: '2026-03-02T09:12:30Z',
    student: { studentId: 'S-1001', name: 'Mia Nguyen', email: 'Mia.Nguyen@example.edu' },
    scenario: { id: 'c0a8e1f2-1111-4222-8333-444455556666', name: 'Witnessed VF arrest' },
    debriefJson: {
      ...scores,
      eventList: [
        { eventType: 0, title: 'Scenario started', actualTime: 0 },
        { eventType: 12, title: 'Defibrillation 200 J', actualTime: 64.6 },
        { eventType: 30, title: 'Call for help 2', actualTime: 5.2 },
      ],
    },
    ...overrides,
  };
}

const post = (t: TestApp, user: TestUser, payload: unknown, key?: string) =>
  as(t.app, user, { method: 'POST', url: URL, payload: payload as object, headers: key ? { 'idempotency-key': key } : {} });

describe.each(dbKinds)('debriefs API (%s)', (kind) => {
  let t: TestApp;
  let emma: TestUser;
  let paul: TestUser;

  beforeAll(async () => {
    t = await buildTestApp(kind);
    emma = await createUser(t.app, { firstName: 'Emma', lastName: 'Educator' });
    paul = await createUser(t.app, { firstName: 'Paul', lastName: 'Paramedic' });
  });
  afterAll(() => t.close());

  it('needs a session for both calls (401)', async () => {
    const a = await t.app.inject({ method: 'POST', url: URL, payload: debrief() });
    expect(a.statusCode).toBe(401);
    expect(a.json()).toEqual({ message: 'Not signed in' });
    const b = await t.app.inject({ method: 'GET', url: LIST });
    expect(b.statusCode).toBe(401);
  });

  it('stores a handed-over debrief as the educator who ran it and answers it with 201', async () => {
    const res = await post(t, emma, { ...debrief(), deviceSerial: 'ZX-99', studentInfo: { ignored: true } });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toEqual({
      id: expect.any(Number),
      uuid_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
      name: 'VF arrest: Team A',
      createdAt: '2026-03-02T09:15:00.000Z',
      startDate: '2026-03-02T09:00:00.000Z',
      endDate: '2026-03-02T09:12:30.000Z',
      student: { studentId: 'S-1001', name: 'Mia Nguyen', email: 'mia.nguyen@example.edu' },
      scenario: { id: 'c0a8e1f2-1111-4222-8333-444455556666', name: 'Witnessed VF arrest' },
      debriefJson: debrief().debriefJson,
    });
    const list = (await as(t.app, emma, { method: 'GET', url: LIST })).json();
    expect(list.map((x: { id: number }) => x.id)).toContain(d.id);
  });

  it('fills what a device left out: no name, student or scenario, scores as 0, createdAt now', async () => {
    const before = Date.now();
    const res = await post(t, emma, { debriefJson: { eventList: [{ eventType: 45, actualTime: 3 }] } });
    expect(res.statusCode).toBe(201);
    const d = res.json();
    expect(d).toMatchObject({
      name: '', startDate: null, endDate: null,
      student: { studentId: '', name: '', email: '' },
      scenario: { id: '', name: '' },
      debriefJson: { numPositiveChecks: 0, maxCriticalScore: 0, eventList: [{ eventType: 45, title: '', actualTime: 3 }] },
    });
    expect(Date.parse(d.createdAt)).toBeGreaterThanOrEqual(before - 1000);
  });

  it('takes a numeric studentId and scenario id as text, and a time zone offset as UTC', async () => {
    const res = await post(t, emma, debrief({ student: { studentId: 4711, name: '  Jo  ' }, scenario: { id: 12, name: 'Croup' }, createdAt: '2026-03-02T20:00:00+10:00' }));
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ student: { studentId: '4711', name: 'Jo', email: '' }, scenario: { id: '12', name: 'Croup' }, createdAt: '2026-03-02T10:00:00.000Z' });
  });

  it.each([
    ['no debriefJson', { debriefJson: undefined }, DEBRIEF_JSON_REQUIRED],
    ['debriefJson that is text', { debriefJson: 'scores' }, DEBRIEF_JSON_REQUIRED],
    ['an event type above 45', { debriefJson: { eventList: [{ eventType: 46, title: 'x', actualTime: 1 }] } }, EVENT_TYPE_MESSAGE],
    ['a fractional event type', { debriefJson: { eventList: [{ eventType: 2.5, title: 'x', actualTime: 1 }] } }, EVENT_TYPE_MESSAGE],
    ['a negative event type', { debriefJson: { eventList: [{ eventType: -1, title: 'x', actualTime: 1 }] } }, EVENT_TYPE_MESSAGE],
    ['an event type given as text', { debriefJson: { eventList: [{ eventType: '3', title: 'x', actualTime: 1 }] } }, EVENT_TYPE_MESSAGE],
    ['a negative event time', { debriefJson: { eventList: [{ eventType: 3, title: 'x', actualTime: -2 }] } }, 'Event time must not be negative'],
    ['an event without a time', { debriefJson: { eventList: [{ eventType: 3, title: 'x' }] } }, 'Each event must be an object with eventType, title and actualTime'],
    ['an event time given as text', { debriefJson: { eventList: [{ eventType: 3, title: 'x', actualTime: '5' }] } }, 'Event time must be a number of seconds'],
    ['an event that is not an object', { debriefJson: { eventList: [7] } }, 'Each event must be an object with eventType, title and actualTime'],
    ['an eventList that is not a list', { debriefJson: { eventList: 'x' } }, 'eventList must be a list of events'],
    ['a score given as text', { debriefJson: { ...scores, gradedScore: '11' } }, 'gradedScore must be a number'],
    ['a huge score', { debriefJson: { ...scores, maxCheckScore: 1e300 } }, 'maxCheckScore must be between -1000000 and 1000000'],
    ['a title over 500 characters', { debriefJson: { eventList: [{ eventType: 3, title: 'x'.repeat(501), actualTime: 1 }] } }, 'Event title must be 500 characters or fewer'],
    ['a malformed student e-mail', { student: { studentId: '1', email: 'not-an-email' } }, 'Student email must be an e-mail address'],
    ['a student that is text', { student: 'Mia' }, 'student must be an object with studentId, name and email'],
    ['a studentId over 100 characters', { student: { studentId: '9'.repeat(101) } }, 'studentId must be 100 characters or fewer'],
    ['a createdAt that is no date', { createdAt: 'yesterday' }, 'createdAt must be a date and time (ISO 8601)'],
    ['a createdAt on a day no month has', { createdAt: '2026-02-30T10:00:00Z' }, 'createdAt must be a date and time (ISO 8601)'],
    ['a startDate on 31 April', { startDate: '2026-04-31' }, 'startDate must be a date and time (ISO 8601)'],
    ['an endDate before the startDate', { startDate: '2026-03-02T10:00:00Z', endDate: '2026-03-02T09:00:00Z' }, 'endDate must not be before startDate'],
    ['a NUL character', { name: 'a\u0000b' }, 'Text must not contain NUL characters'],
  ])('refuses %s with 422 and a message', async (_what, change, message) => {
    const before = (await as(t.app, emma, { method: 'GET', url: LIST })).json().length;
    const res = await post(t, emma, debrief(change));
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message });
    expect((await as(t.app, emma, { method: 'GET', url: LIST })).json()).toHaveLength(before);
  });

  it('refuses more than 2000 events (422) and a body over 512 KiB (413)', async () => {
    const many = Array.from({ length: 2001 }, (_, i) => ({ eventType: 1, title: 'e', actualTime: i }));
    const a = await post(t, emma, debrief({ debriefJson: { eventList: many } }));
    expect(a.statusCode).toBe(422);
    expect(a.json()).toEqual({ message: 'eventList must hold 2000 events or fewer' });
    const big = await post(t, emma, debrief({ name: 'x', padding: 'y'.repeat(520 * 1024) }));
    expect(big.statusCode).toBe(413);
    expect(big.json()).toEqual({ message: 'The request body is too large' });
  });

  it('refuses a body that is not JSON (400) or not an object (422)', async () => {
    const bad = await as(t.app, emma, { method: 'POST', url: URL, payload: '{"name":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'The request body is not valid JSON' });
    const arr = await post(t, emma, [1, 2]);
    expect(arr.statusCode).toBe(422);
    expect(arr.json()).toEqual({ message: 'The debrief must be a JSON object' });
  });

  it('stores a retried hand-over once: same Idempotency-Key and body -> the first answer', async () => {
    const key = crypto.randomUUID();
    const body = debrief({ name: 'Replayed session' });
    const first = await post(t, emma, body, key);
    const again = await post(t, emma, body, key);
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    expect(again.json()).toEqual(first.json());
    expect(again.headers['idempotent-replayed']).toBe('true');
    const list = (await as(t.app, emma, { method: 'GET', url: LIST })).json() as { name: string }[];
    expect(list.filter((d) => d.name === 'Replayed session')).toHaveLength(1);
  });

  it('refuses the same Idempotency-Key with another body (422)', async () => {
    const key = crypto.randomUUID();
    expect((await post(t, emma, debrief({ name: 'First body' }), key)).statusCode).toBe(201);
    const other = await post(t, emma, debrief({ name: 'Second body' }), key);
    expect(other.statusCode).toBe(422);
    expect(other.json()).toEqual({ message: 'This Idempotency-Key was already used for a different request' });
  });

  it('a refused body does not use up its Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    expect((await post(t, emma, debrief({ createdAt: 'soon' }), key)).statusCode).toBe(422);
    expect((await post(t, emma, debrief({ name: 'Fixed and resent' }), key)).statusCode).toBe(201);
  });

  it('concurrent hand-overs with one key store one debrief', async () => {
    const key = crypto.randomUUID();
    const body = debrief({ name: 'Concurrent hand-over' });
    const results = await Promise.all([post(t, emma, body, key), post(t, emma, body, key), post(t, emma, body, key)]);
    for (const r of results) expect([201, 409]).toContain(r.statusCode);
    const list = (await as(t.app, emma, { method: 'GET', url: LIST })).json() as { name: string }[];
    expect(list.filter((d) => d.name === 'Concurrent hand-over')).toHaveLength(1);
  });

  it("an educator sees the debriefs they ran, newest first, and never another educator's", async () => {
    const own = await post(t, paul, debrief({ name: 'Paul session 1', createdAt: '2026-01-01T08:00:00Z' }));
    const newer = await post(t, paul, debrief({ name: 'Paul session 2', createdAt: '2026-01-02T08:00:00Z' }));
    expect(own.statusCode).toBe(201);
    const paulList = (await as(t.app, paul, { method: 'GET', url: LIST })).json() as { id: number; name: string }[];
    expect(paulList.map((d) => d.name)).toEqual(['Paul session 2', 'Paul session 1']);
    const emmaList = (await as(t.app, emma, { method: 'GET', url: LIST })).json() as { id: number; name: string }[];
    expect(emmaList.length).toBeGreaterThan(0);
    expect(emmaList.map((d) => d.id)).not.toContain(own.json().id);
    expect(emmaList.map((d) => d.id)).not.toContain(newer.json().id);
    // The same key used by two educators is two requests, not a replay.
    const key = crypto.randomUUID();
    const a = await post(t, emma, debrief({ name: 'Shared key' }), key);
    const b = await post(t, paul, debrief({ name: 'Shared key' }), key);
    expect(b.statusCode).toBe(201);
    expect(b.json().id).not.toBe(a.json().id);
    const stranger = await createUser(t.app);
    expect((await as(t.app, stranger, { method: 'GET', url: LIST })).json()).toEqual([]);
  });

  it('documents both calls and the ingestion body in the OpenAPI schema', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const op = doc.paths['/api/editor/debriefs'].post;
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['201', '401', '409', '413', '422']));
    const body = op.requestBody.content['application/json'].schema;
    expect(Object.keys(body.properties)).toEqual(['name', 'createdAt', 'startDate', 'endDate', 'student', 'scenario', 'debriefJson']);
    expect(JSON.stringify(body)).toContain('eventType');
    expect(doc.paths['/api/editor/DebriefsForCurrentUser'].get.responses['200']).toBeDefined();
  });
});
