// A REALITi export uploaded as a new user would: the view shows the monitor's model name
// beside its thumbnail, the patient with age and sex, the events in order with their trend times and
// the checklist titles, read from REALITi's own keys (spec/realiti-format.md).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { signedIn } from './support/auth';

test.use({ screenshot: 'only-on-failure' });

test('upload a REALITi export and see its monitor, patient, events and checklist on the view', async ({ page }) => {
  await signedIn(page, 'paramedic', '/scenarios/upload');
  // The name a user's file has; the scenario's own name is inside it.
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'realiti-')), `export-${Date.now()}.json`);
  fs.copyFileSync(path.resolve('tests/fixtures/realiti/vf-arrest-export.json'), file);
  await page.getByLabel('Choose files to upload').setInputFiles(file);
  await expect(page.getByRole('row').filter({ hasText: path.basename(file) })).toContainText('Upload complete', { timeout: 30_000 });

  await page.goto('/me/scenarios');
  await page.getByLabel('Sort by').selectOption({ label: 'Newest first' });
  // The newest of that name (a retry of this test uploads it again).
  const card = page.getByTestId('scenario-card').filter({ hasText: 'VF arrest at the bus stop' }).first();
  await expect(card).toBeVisible({ timeout: 20_000 });
  await card.getByRole('link', { name: 'VF arrest at the bus stop' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'VF arrest at the bus stop' })).toBeVisible();

  // The monitor beside its thumbnail.
  await expect(page.getByTestId('monitor-name')).toHaveText('LifePak 15');
  await expect(page.getByRole('img', { name: 'LifePak 15' })).toHaveAttribute('src', '/thumbnails/devices/3.svg');
  // Facts read from the file: adult (REALITi category 0), 15 minutes, counts.
  await expect(page.getByText('Adult', { exact: true })).toBeVisible();
  await expect(page.getByTestId('duration')).toHaveText('15 min 0 sec');
  await expect(page.locator('.scenario-main').getByText(/^A 58-year-old man collapsed at a bus stop/)).toBeVisible();
  // The picture's own label names the same monitor as its caption.
  const svg = await (await page.request.get('/thumbnails/devices/3.svg')).text();
  expect(svg).toContain('>LifePak 15</text>');
  expect(svg).not.toMatch(/Transport monitor|Device 3/);
  // The patient's picture fills its box, as tall as the monitor's beside it. Both boxes are measured
  // together, and again until they agree: the publishing notice above them may still be arriving
  // and move the hero down between two measurements.
  const boxes = async () => {
    const [photo, monitor] = await Promise.all([page.getByTestId('patient-photo').boundingBox(), page.getByRole('img', { name: 'LifePak 15' }).boundingBox()]);
    return { photo: photo!, monitor: monitor! };
  };
  await expect.poll(async () => { const { photo, monitor } = await boxes(); return Math.abs(photo.y - monitor.y); }).toBeLessThanOrEqual(1);
  const { photo, monitor } = await boxes();
  expect(Math.abs(photo.height - photo.width), 'the patient photo is square').toBeLessThanOrEqual(1);
  expect(Math.abs(photo.height - monitor.height), 'as tall as the monitor').toBeLessThanOrEqual(1);
  expect(Math.abs(photo.y - monitor.y)).toBeLessThanOrEqual(1);
  // The whole story, not only the 200 characters of the description.
  const story = page.getByTestId('scenario-story');
  await expect(story.getByRole('heading', { name: 'Story', exact: true })).toBeVisible();
  await expect(story).toContainText('He has a history of hypertension and smokes twenty cigarettes a day.');
  await expect(story).toContainText('VF persists after two shocks; ROSC after the third shock and adrenaline.');
  await expect(story).toContainText('Minimising pauses in compressions; when to give adrenaline and amiodarone.');
  // The patient, the events in order with their trend times, and the checklist.
  await expect(page.getByTestId('scenario-patient')).toHaveText('Graham Whitlock, 58 years, male');
  await expect(page.getByText('Collapsed, unresponsive, not breathing normally')).toBeVisible();
  await expect(page.getByTestId('scenario-events').getByRole('listitem')).toHaveText([
    'Initial VF · trend 0 s',
    'Fine VF after shocks · trend 30 s',
    'ROSC · trend 45 s',
    'Post-resuscitation care · trend 2 min',
  ]);
  await expect(page.getByTestId('scenario-checklist').getByRole('listitem')).toHaveText([
    'Confirms cardiac arrest',
    'Starts compressions',
    'Shocks within 2 minutes',
    'Gives adrenaline after the third shock',
    'Gives amiodarone 300 mg',
  ]);
  for (const width of [1024, 768, 390]) {
    await page.setViewportSize({ width, height: 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `the view at ${width} px`).toBeLessThanOrEqual(0);
    if (process.env.TMS_SCREENSHOTS) await page.screenshot({ path: `${process.env.TMS_SCREENSHOTS}/scenario-view-${width}.png`, fullPage: true });
  }
});
