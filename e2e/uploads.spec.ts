// The shared upload panel in the scenario upload screen: resumable (tus) uploads, per-file errors,
// folders three levels deep, and a dropped connection that retries and resumes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/auth';

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'e2e-uploads-'));
function file(rel: string, content: string | Buffer): string {
  const p = path.join(work, rel);
  fs.mkdirSync(path.dirname(p), { recursive: true });
  fs.writeFileSync(p, content);
  return p;
}
const scenarioJson = (name: string) => JSON.stringify({ name, scenario: { events: [] } });

const row = (page: Page, name: string) => page.getByTestId('upload-row').filter({ hasText: name });

test.beforeEach(async ({ page }) => {
  await signedIn(page, 'educator', '/scenarios/upload');
});

test('files go up after the batch delay; other types and bad content are listed with their message', async ({ page }) => {
  const good = file('batch/cardiac-arrest.json', scenarioJson('E2E upload one'));
  const wrongType = file('batch/notes.txt', 'hello');
  const fake = file('batch/fake.json', '<html><script>alert(1)</script></html>');
  await page.getByLabel('Choose files to upload').setInputFiles([good, wrongType, fake]);

  await expect(row(page, 'notes.txt')).toContainText('Only .isims, .ctgi, .alsi and .json files can be uploaded');
  await expect(row(page, 'notes.txt')).toContainText('Not uploaded');
  // Queued first (1.5 s batch delay), then sent.
  await expect(row(page, 'cardiac-arrest.json')).toContainText('Waiting to upload');
  await expect(row(page, 'cardiac-arrest.json')).toContainText('Upload complete');
  await expect(row(page, 'fake.json')).not.toContainText('Upload complete');
  await expect(row(page, 'fake.json')).toContainText('Not uploaded');
  const headers = page.locator('.upload-table thead th');
  await expect(headers).toHaveText(['ID', 'File', 'Message', 'Status']);
  for (const width of [1024, 768, 390]) {
    await page.setViewportSize({ width, height: 800 });
    await page.screenshot({ path: path.join(os.tmpdir(), `uploads-panel-${width}.png`), fullPage: true });
  }
});

test('a folder is scanned three levels deep with the warning', async ({ page }) => {
  file('tree/level1.json', scenarioJson('level 1'));
  file('tree/a/b/level3.json', scenarioJson('level 3'));
  file('tree/a/b/c/level4.json', scenarioJson('level 4'));
  await page.getByLabel('Choose a folder to upload').setInputFiles(path.join(work, 'tree'));
  await expect(page.getByText('uploading a folder only searches three levels deep')).toBeVisible();
  await expect(row(page, 'level1.json')).toContainText('Upload complete');
  await expect(row(page, 'level3.json')).toContainText('Upload complete');
  await expect(row(page, 'level4.json')).toHaveCount(0);
});

test('a dropped connection retries and the upload completes', async ({ page }) => {
  let dropped = 0;
  await page.route('**/uploads/tus/*', async (route) => {
    if (route.request().method() === 'PATCH' && dropped === 0) {
      dropped += 1;
      return route.abort('connectionreset');
    }
    return route.continue();
  });
  const good = file('retry/after-drop.json', scenarioJson('E2E after drop'));
  await page.getByLabel('Choose files to upload').setInputFiles(good);
  await expect(row(page, 'after-drop.json')).toContainText('Upload complete', { timeout: 20_000 });
  expect(dropped).toBe(1);
});

test('more files than the batch allows are refused with a clear message', async ({ page }) => {
  // The scenario batch limit is 100; 101 small files in one selection.
  const many = Array.from({ length: 101 }, (_, i) => file(`many/s${i}.json`, scenarioJson(`s${i}`)));
  await page.getByLabel('Choose files to upload').setInputFiles(many);
  await expect(page.getByRole('alert')).toHaveText('You can upload at most 100 files at a time');
  await expect(page.getByTestId('upload-row')).toHaveCount(0);
});
