// The teaching area end to end: the debriefs list grouped by scenario with its fallbacks,
// a debrief's Overview and Event Log with the checklist marks, the students view with the score
// trend (chart.js loaded only there), CSV export, the NoResults state, a debrief handed over by the
// native wrapper, the layout at iPad and phone widths, and the pages opening offline.
import fs from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, signIn } from './support/auth';
import { installFakeNativeHost, nativeMessages } from './support/fake-native-host';
import { startNetSwitch, type NetSwitch } from './support/net-switch';
import { partsFetchedAhead } from './support/offline-state';
import { e2ePort } from './support/servers';

test.use({ screenshot: 'only-on-failure' });

interface Debrief {
  uuid_id: string;
  name: string;
  startDate: string | null;
  createdAt: string;
  student: { studentId: string; name: string; email: string };
  scenario: { id: string; name: string };
  debriefJson: Record<string, number> & { eventList: { eventType: number; title: string; actualTime: number }[] };
}

async function myDebriefs(page: Page): Promise<Debrief[]> {
  const res = await page.request.get('/api/editor/DebriefsForCurrentUser');
  expect(res.status()).toBe(200);
  return (await res.json()) as Debrief[];
}

const mmss = (s: number) => {
  const t = Math.round(s);
  return `${String(Math.floor(t / 60)).padStart(2, '0')}:${String(t % 60).padStart(2, '0')}`;
};

test('the debriefs list groups by scenario, with Unknown Scenario and Unnamed Student, and only my own', async ({ page }) => {
  await signIn(page, 'educator');
  await page.getByRole('link', { name: 'TMS', exact: true }).click();
  await expect(page).toHaveURL(/\/tms$/);
  await expect(page.getByRole('heading', { level: 1, name: 'TMS' })).toBeVisible();
  const debriefs = await myDebriefs(page);
  const headings = [...new Set(debriefs.map((d) => d.scenario.name || 'Unknown Scenario'))];
  await expect(page.getByTestId('debrief-count')).toHaveText(`${debriefs.length} debrief(s) in ${headings.length} scenario(s)`);
  const groups = page.getByTestId('debrief-group');
  await expect(groups).toHaveCount(headings.length);
  await expect(groups.getByRole('heading', { level: 2 })).toHaveText(headings);

  // Every row of a group: student, date and a score summary.
  const vf = groups.filter({ has: page.getByRole('heading', { name: 'Witnessed VF arrest' }) });
  const vfDebriefs = debriefs.filter((d) => d.scenario.name === 'Witnessed VF arrest');
  await expect(vf.getByTestId('debrief-row')).toHaveCount(vfDebriefs.length);
  const first = vfDebriefs[0].debriefJson;
  await expect(vf.getByTestId('debrief-row').first()).toContainText(vfDebriefs[0].student.name);
  await expect(vf.getByTestId('debrief-row').first()).toContainText(
    `Checks ${first.numPositiveChecks}/${first.numPositiveChecks + first.numNegativeChecks} · Graded ${first.gradedScore}/${first.maxGradedScore} · Critical ${first.criticalScore}/${first.maxCriticalScore}`,
  );

  // The free-play session has no scenario; the walk-in trainee gave no name.
  const unknown = groups.filter({ has: page.getByRole('heading', { name: 'Unknown Scenario' }) });
  await expect(unknown.getByTestId('debrief-row')).toHaveCount(1);
  await expect(unknown.getByTestId('debrief-row')).toContainText('Mia Nguyen');
  await expect(page.getByTestId('debrief-row').filter({ hasText: 'Unnamed Student' })).toHaveCount(1);

  // The paramedic's sessions are his alone.
  await expect(page.getByRole('heading', { name: 'Opioid toxicity' })).toHaveCount(0);
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);
  await signIn(page, 'paramedic');
  await page.goto('/tms');
  await expect(page.getByTestId('debrief-group')).toHaveCount(1);
  await expect(page.getByRole('heading', { level: 2, name: 'Opioid toxicity' })).toBeVisible();
});

test('a debrief opens with Overview bars and an Event Log with mm:ss times and checklist marks', async ({ page }) => {
  await signedIn(page, 'educator', '/tms');
  const d = (await myDebriefs(page)).find((x) => x.scenario.name === 'Witnessed VF arrest')!;
  const row = page.getByTestId('debrief-group').filter({ has: page.getByRole('heading', { name: 'Witnessed VF arrest' }) }).getByTestId('debrief-row').first();
  await row.click();
  await expect(page).toHaveURL(new RegExp(`debrief=${d.uuid_id}`));
  const dialog = page.getByRole('dialog', { name: 'Witnessed VF arrest' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('tab', { name: 'Overview' })).toHaveAttribute('aria-selected', 'true');
  const s = d.debriefJson;
  const meter = (name: string) => dialog.getByRole('meter', { name });
  await expect(meter('Check score')).toHaveAttribute('aria-valuenow', String(s.totalCheckScore));
  await expect(meter('Check score')).toHaveAttribute('aria-valuemax', String(s.maxCheckScore));
  await expect(meter('Graded score')).toHaveAttribute('aria-valuenow', String(s.gradedScore));
  await expect(meter('Critical score')).toHaveAttribute('aria-valuemax', String(s.maxCriticalScore));
  await expect(dialog.getByText(`${s.totalCheckScore} / ${s.maxCheckScore}`).first()).toBeVisible();
  // The bar is as long as the score's share of its maximum.
  const fill = await meter('Check score').evaluate((el) => (el.firstElementChild as HTMLElement).getBoundingClientRect().width / el.getBoundingClientRect().width);
  expect(fill).toBeCloseTo(s.totalCheckScore / s.maxCheckScore, 1);

  await dialog.getByRole('tab', { name: 'Event Log' }).click();
  await expect(dialog.getByRole('tab', { name: 'Event Log' })).toHaveAttribute('aria-selected', 'true');
  const rows = dialog.getByTestId('event-row');
  const events = [...s.eventList].sort((a, b) => a.actualTime - b.actualTime);
  await expect(rows).toHaveCount(events.length);
  for (const [i, e] of events.entries()) {
    const cells = rows.nth(i).getByRole('cell');
    // Each row leads with its mark and title, then the time; the type code follows, small.
    const code = /\s([12])$/.exec(e.title)?.[1];
    await expect(cells.nth(0)).toHaveText(`${code === '1' ? '✗' : code === '2' ? '✓' : ''}${code ? e.title.slice(0, -2) : e.title}`);
    if (code) await expect(cells.nth(0).getByRole('img', { name: code === '1' ? 'Not done' : 'Done' })).toBeVisible();
    await expect(cells.nth(1)).toHaveText(mmss(e.actualTime));
    await expect(cells.nth(2)).toHaveText(String(e.eventType));
  }
  await expect(dialog.getByRole('columnheader')).toHaveText(['Event', 'Time', 'Code']);
  const codeSize = await rows.first().getByRole('cell').nth(2).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  const titleSize = await rows.first().getByRole('cell').nth(0).evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
  expect(codeSize).toBeLessThan(titleSize);
  // The legend says what the marks and the code are.
  await expect(dialog.getByTestId('event-legend')).toHaveText("✓Done✗Not doneCode: the simulator's event type (0 to 45)");
  // The monitor's own events carry no mark; '200 J' is not read as a code.
  await expect(rows.filter({ hasText: 'Defibrillation 200 J' }).getByRole('img')).toHaveCount(0);

  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page).not.toHaveURL(/debrief=/);
});

test('students are grouped by key with counts and averages; a student shows the score trend and exports CSV', async ({ page }) => {
  const chartRequests: string[] = [];
  page.on('request', (r) => {
    if (/draw-trend-chart/.test(r.url())) chartRequests.push(r.url());
  });
  await signedIn(page, 'educator', '/tms');
  await page.getByRole('navigation', { name: 'TMS views' }).getByRole('link', { name: 'Students' }).click();
  await expect(page).toHaveURL(/\/tms\/students$/);
  const debriefs = await myDebriefs(page);
  const byKey = new Map<string, Debrief[]>();
  for (const d of debriefs) {
    const key = d.student.studentId || d.student.email || d.student.name;
    byKey.set(key, [...(byKey.get(key) ?? []), d]);
  }
  await expect(page.getByTestId('student-row')).toHaveCount(byKey.size);
  const mia = page.getByTestId('student-row').filter({ hasText: 'Mia Nguyen' });
  await expect(mia.getByTestId('student-count')).toHaveText(String(byKey.get('S-1001')!.length));
  await expect(mia).toContainText('mia.nguyen@students.example');
  await expect(page.getByTestId('student-row').filter({ hasText: 'Unnamed Student' })).toHaveCount(1);
  await expect(page.getByTestId('student-row').filter({ hasText: 'Chloe Martin' })).toContainText('No email');
  expect(chartRequests).toEqual([]);

  await mia.getByRole('link', { name: 'Mia Nguyen' }).click();
  await expect(page).toHaveURL(/student=S-1001/);
  await expect(page.getByRole('heading', { level: 2, name: 'Mia Nguyen' })).toBeVisible();
  const trend = page.getByTestId('score-trend');
  await expect(trend).toHaveAttribute('data-state', 'drawn');
  expect(chartRequests.length).toBe(1);
  const drawn = await trend.locator('canvas').evaluate((c: HTMLCanvasElement) => {
    const ctx = c.getContext('2d')!;
    const { data } = ctx.getImageData(0, 0, c.width, c.height);
    let ink = 0;
    for (let i = 3; i < data.length; i += 4) if (data[i] > 0) ink += 1;
    return ink;
  });
  expect(drawn).toBeGreaterThan(500);
  await expect(trend.locator('figcaption li')).toHaveCount(byKey.get('S-1001')!.length);

  // The student's debriefs open the same detail.
  await page.getByTestId('debrief-row').first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);

  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV of Mia Nguyen' }).click()]);
  expect(download.suggestedFilename()).toBe('debriefs-mia-nguyen.csv');
  const csv = (await fs.readFile((await download.path())!, 'utf8')).replace(/^\uFEFF/, '');
  const lines = csv.trimEnd().split('\r\n');
  expect(lines[0]).toBe('Scenario,Debrief,Student ID,Student,Email,Start,End,Created,Positive checks,Negative checks,Check score,Max check score,Graded score,Max graded score,Cumulative score,Critical score,Max critical score,Overall %,Events');
  expect(lines).toHaveLength(byKey.get('S-1001')!.length + 1);
  expect(lines.slice(1).every((l) => l.includes(',S-1001,Mia Nguyen,mia.nguyen@students.example,'))).toBe(true);
});

test("a scenario's debriefs export as CSV from the list", async ({ page }) => {
  await signedIn(page, 'educator', '/tms');
  const count = (await myDebriefs(page)).filter((d) => d.scenario.name === 'Anaphylaxis after antibiotics').length;
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export CSV of Anaphylaxis after antibiotics' }).click()]);
  expect(download.suggestedFilename()).toBe('debriefs-anaphylaxis-after-antibiotics.csv');
  const lines = (await fs.readFile((await download.path())!, 'utf8')).trimEnd().split('\r\n');
  expect(lines).toHaveLength(count + 1);
  expect(lines.slice(1).every((l) => l.startsWith('Anaphylaxis after antibiotics,'))).toBe(true);
  // The walk-in trainee is there as 'Unnamed Student'.
  expect(lines.some((l) => l.includes(',Unnamed Student,'))).toBe(true);
});

test('an educator without debriefs sees the NoResults state on both views', async ({ page }) => {
  await signedIn(page, 'provisioner', '/tms');
  await expect(page.getByRole('heading', { name: 'No Results' })).toBeVisible();
  await page.goto('/tms/students');
  await expect(page.getByRole('heading', { name: 'No Results' })).toBeVisible();
});

test('the native wrapper hands a debrief over; it is stored once and the wrapper hears back', async ({ page }) => {
  // One debrief comes with the app's launch, before the page has heard from the server who is signed in.
  const atLaunch = {
    type: 'debrief',
    handoverId: 'h-0',
    debrief: { name: 'Handed over at launch', startDate: new Date(Date.now() - 900_000).toISOString(), scenario: { name: 'Bronchiolitis' }, debriefJson: { eventList: [] } },
  };
  await installFakeNativeHost(page, { deviceId: 'IPAD-TMS', responses: { debriefhandover: null }, atLaunch: [atLaunch] });
  await signedIn(page, 'tester', '/tms');
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'debriefhandover')).toEqual([
    { name: 'debriefhandover', payload: { handoverId: 'h-0', status: 'sent' } },
  ]);
  await expect(page.getByRole('heading', { level: 2, name: 'Bronchiolitis' })).toBeVisible();
  const debrief = {
    name: 'Handed over',
    startDate: new Date(Date.now() - 600_000).toISOString(),
    student: { studentId: 'T-9', name: 'Tara Hand', email: 'tara@students.example' },
    scenario: { name: 'Croup at night' },
    debriefJson: { numPositiveChecks: 1, numNegativeChecks: 1, totalCheckScore: 2, maxCheckScore: 4, eventList: [{ eventType: 31, title: 'Gives dexamethasone 2', actualTime: 61.4 }] },
  };
  await page.evaluate((d) => {
    (window as unknown as { communityNative: { receive(m: unknown): void } }).communityNative.receive({ type: 'debrief', handoverId: 'h-1', debrief: d });
  }, debrief);
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'debriefhandover').map((m) => m.payload)).toContainEqual({
    handoverId: 'h-1', status: 'sent',
  });
  await expect(page.getByRole('heading', { level: 2, name: 'Croup at night' })).toBeVisible();
  await page.getByTestId('debrief-row').filter({ hasText: 'Tara Hand' }).click();
  await page.getByRole('tab', { name: 'Event Log' }).click();
  await expect(page.getByTestId('event-row')).toHaveText(['✓Gives dexamethasone01:0131']);
  expect((await myDebriefs(page)).filter((d) => d.name === 'Handed over')).toHaveLength(1);

  // A malformed hand-over is refused with the server's rule, and nothing is stored.
  await page.evaluate(() => {
    (window as unknown as { communityNative: { receive(m: unknown): void } }).communityNative.receive({
      type: 'debrief', handoverId: 'h-2', debrief: { debriefJson: { eventList: [{ eventType: 99, title: 'x', actualTime: 1 }] } },
    });
  });
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'debriefhandover').map((m) => m.payload)).toContainEqual({
    handoverId: 'h-2', status: 'refused', message: 'Event type must be a whole number from 0 to 45',
  });
  // So is one with its scores under a key the debrief does not have, the field named (not stored with scores of 0).
  await page.evaluate(() => {
    (window as unknown as { communityNative: { receive(m: unknown): void } }).communityNative.receive({
      type: 'debrief', handoverId: 'h-3', debrief: { deviceSerial: 'ZX-1', debriefJson: { scores: { gradedScore: 11 }, eventList: [] } },
    });
  });
  await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'debriefhandover').map((m) => m.payload)).toContainEqual({
    handoverId: 'h-3', status: 'refused', message: 'Unknown field: debriefJson.scores',
  });
  expect((await myDebriefs(page)).map((d) => d.name).sort()).toEqual(['Handed over', 'Handed over at launch']);
});

test('the TMS screens fit iPad landscape, iPad portrait and phone widths', async ({ page }) => {
  await signedIn(page, 'educator');
  for (const width of [1024, 768, 390]) {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    for (const path of ['/tms', '/tms/students', '/tms/students?student=S-1001']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: 'TMS' })).toBeVisible();
      if (path.includes('student=')) await expect(page.getByTestId('score-trend')).toHaveAttribute('data-state', 'drawn');
      else await expect(page.getByTestId(path === '/tms' ? 'debrief-row' : 'student-row').first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width} px`).toBeLessThanOrEqual(0);
      if (process.env.TMS_SCREENSHOTS) await page.screenshot({ path: `${process.env.TMS_SCREENSHOTS}/${width}${path.replace(/[/?=]/g, '_')}.png`, fullPage: true });
    }
    await page.goto('/tms');
    await page.getByTestId('debrief-row').first().click();
    for (const tab of ['Overview', 'Event Log']) {
      await page.getByRole('tab', { name: tab }).click();
      const dialog = await page.getByRole('dialog').boundingBox();
      expect(dialog!.x).toBeGreaterThanOrEqual(0);
      expect(dialog!.x + dialog!.width).toBeLessThanOrEqual(width);
      if (process.env.TMS_SCREENSHOTS) await page.screenshot({ path: `${process.env.TMS_SCREENSHOTS}/${width}_detail_${tab.replace(' ', '-')}.png` });
    }
  }
});

test.describe('offline', () => {
  let net: NetSwitch;
  test.beforeAll(async () => {
    net = await startNetSwitch(e2ePort, e2ePort + 1000);
  });
  test.afterAll(async () => {
    await net?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1000}`, serviceWorkers: 'allow' });

  test('the TMS pages open offline with their last data', async ({ page }) => {
    await signedIn(page, 'educator', '/tms/students?student=S-1002');
    await expect(page.getByTestId('score-trend')).toHaveAttribute('data-state', 'drawn');
    await page.goto('/tms');
    await expect(page.getByTestId('debrief-row').first()).toBeVisible();
    await expect
      .poll(() => page.evaluate(async () => Boolean((await navigator.serviceWorker.getRegistration())?.active && navigator.serviceWorker.controller)), { timeout: 30_000 })
      .toBe(true);
    // The persisted query cache (IndexedDB) holds the debriefs.
    await expect.poll(() => page.evaluate(async () => {
      const open = indexedDB.open('community-offline');
      const db = await new Promise<IDBDatabase>((res, rej) => {
        open.onsuccess = () => res(open.result);
        open.onerror = () => rej(open.error);
      });
      const value = await new Promise<unknown>((res) => {
        const req = db.transaction('queryCache').objectStore('queryCache').get('community-query-cache');
        req.onsuccess = () => res(req.result);
        req.onerror = () => res(null);
      });
      db.close();
      return JSON.stringify(value ?? '').includes('Liam Carter');
    }), { timeout: 15_000 }).toBe(true);

    // The app's code has finished loading (parts of it load beside the first screen).
    await page.waitForLoadState('networkidle');
    net.setOnline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await page.reload();
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Witnessed VF arrest' })).toBeVisible();
    await page.getByTestId('debrief-row').first().click();
    await page.getByRole('tab', { name: 'Event Log' }).click();
    await expect(page.getByTestId('event-row').first()).toBeVisible();
    await page.goto('/tms/students?student=S-1002');
    await expect(page.getByRole('heading', { level: 2, name: 'Liam Carter' })).toBeVisible();
    await expect(page.getByTestId('score-trend')).toHaveAttribute('data-state', 'drawn');
    net.setOnline(true);
  });

  test('a debrief handed over offline waits on the device and is stored once when the network returns', async ({ page }) => {
    await installFakeNativeHost(page, { deviceId: 'IPAD-OFF', responses: { debriefhandover: null } });
    await signedIn(page, 'admin', '/tms');
    await expect(page.getByRole('heading', { name: 'No Results' })).toBeVisible();
    // The app's code has finished loading (parts of it load beside the first screen, among them the
    // hand-over, which a first visit's service worker may not hold yet).
    await page.waitForLoadState('networkidle');
    await partsFetchedAhead(page);
    net.setOnline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    await page.evaluate(() => {
      (window as unknown as { communityNative: { receive(m: unknown): void } }).communityNative.receive({
        type: 'debrief', handoverId: 'off-1',
        debrief: { name: 'Offline session', scenario: { name: 'Croup at night' }, student: { studentId: 'X1', name: 'Ola' }, debriefJson: { eventList: [] } },
      });
    });
    await expect.poll(async () => (await nativeMessages(page)).filter((m) => m.name === 'debriefhandover').map((m) => m.payload)).toEqual([{ handoverId: 'off-1', status: 'queued' }]);
    await expect(page.getByTestId('sync-count')).toBeVisible();

    net.setOnline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('heading', { level: 2, name: 'Croup at night' })).toBeVisible({ timeout: 20_000 });
    expect((await myDebriefs(page)).filter((d) => d.name === 'Offline session')).toHaveLength(1);
  });
});
