// The scenario screens in German: a user who chose German uploads a scenario written in German,
// finds the library's filters (patient, language) in German, opens the scenario and its edit
// screen, sees a bad edit refused and a good one saved in German, publishes it and finds it by its
// language; and at 390, 768 and 1024 px no scenario screen (library, my scenarios, view, edit,
// upload) is wider than the window.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { signedIn, unique } from './support/auth';
import { setAccountLanguage } from './support/language';

const FIXTURES = path.resolve('src/server/db/seed/fixtures/scenarios');

test.use({ screenshot: 'only-on-failure' });
test.describe.configure({ mode: 'serial' });

async function expectNoHorizontalOverflow(page: Page, where: string) {
  const { scrollWidth, innerWidth } = await page.evaluate(() => ({ scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth }));
  expect(scrollWidth, `${where} is wider than the window`).toBeLessThanOrEqual(innerWidth);
}

/** The STEMI fixture as a scenario written in German, under a name no other run has used. */
function germanScenarioFile(name: string): string {
  const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'chest-pain-stemi.json'), 'utf8')) as Record<string, unknown>;
  doc.name = name;
  doc.language = 'de-DE';
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'scen-de-')), 'brustschmerz-stemi.json');
  fs.writeFileSync(file, JSON.stringify(doc));
  return file;
}

/** The uploaded scenario's address, for the screen-width test. */
let scenarioPath = '';
const NAME = unique('Brustschmerz mit STEMI');

test.afterEach(async ({ page }) => {
  // The demo account is shared by the worker's other spec files: back to no choice.
  await setAccountLanguage(page, null);
});

test('a German user uploads, finds, views, edits and publishes a scenario, all in German', async ({ page }) => {
  await signedIn(page, 'educator');
  await setAccountLanguage(page, 'de');

  // Upload.
  await page.goto('/scenarios/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Szenarien hochladen' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Meine Szenarien' })).toBeVisible();
  await page.getByLabel('Dateien zum Hochladen auswählen').setInputFiles(germanScenarioFile(NAME));
  const row = page.getByRole('row').filter({ hasText: 'brustschmerz-stemi.json' });
  await expect(row).toContainText('Hochladen abgeschlossen', { timeout: 30_000 });
  await row.getByRole('link', { name: 'brustschmerz-stemi.json ansehen' }).click();
  await expect(page).toHaveURL(/\/scenario\/[0-9a-f-]{36}$/);
  scenarioPath = new URL(page.url()).pathname;

  // The view: facts, actions and the language named in itself.
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('navigation', { name: 'Navigationspfad' }).getByRole('link', { name: 'Szenarien' })).toBeVisible();
  await expect(page.getByText('Dieses Szenario kann noch nicht veröffentlicht werden.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Fügen Sie eine Beschreibung, Kategorien und Schlagwörter hinzu' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Details' })).toBeVisible();
  const facts = page.locator('dl.facts');
  await expect(facts.getByText('Patientenalter', { exact: true })).toBeVisible();
  await expect(facts.getByText('Erwachsener', { exact: true })).toBeVisible();
  await expect(facts.getByText('Sich verschlechternd', { exact: true })).toBeVisible();
  await expect(facts.getByText('Männlich', { exact: true })).toBeVisible();
  await expect(page.getByTestId('duration')).toHaveText('15 Min. 0 Sek.');
  await expect(page.getByTestId('scenario-language')).toHaveText('Deutsch (Deutschland)');
  const hero = page.locator('.scenario-main');
  await expect(hero.getByText('Privat', { exact: true })).toBeVisible();
  await expect(hero.getByText('Gerade eben')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ereignisse' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Checkliste' })).toBeVisible();
  await expect(page.getByTestId('scenario-patient')).toContainText('männlich');
  await expect(page.getByRole('button', { name: 'Veröffentlichen' })).toBeDisabled();

  // The edit screen: a description that is too long is refused in German.
  await page.getByRole('link', { name: 'Bearbeiten', exact: true }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Szenario bearbeiten' })).toBeVisible();
  await expect(page.getByLabel('Altersklasse des Patienten')).toHaveValue('2');
  await expect(page.getByLabel('Altersklasse des Patienten').locator('option:checked')).toHaveText('Erwachsener');
  await expect(page.getByRole('button', { name: 'Szenario löschen' })).toBeVisible();
  const description = page.getByLabel('Beschreibung');
  // The field stops typing at 200 characters; the form's own check is what this is about.
  await description.evaluate((el) => el.removeAttribute('maxlength'));
  await description.fill('x'.repeat(201));
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  await expect(page.getByText('Die Beschreibung darf höchstens 200 Zeichen lang sein')).toBeVisible();

  // A good edit with a tag: saved, in German.
  await description.fill('Ein 58-jähriger Patient mit starken Brustschmerzen und Hebungen in II, III und aVF.');
  await page.getByPlaceholder('Schlagwörter suchen').fill('cardi');
  await page.getByRole('checkbox', { name: 'Cardiac', exact: true }).check();
  await page.getByRole('button', { name: 'Änderungen speichern' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('heading', { name: 'Aktualisiert!' })).toBeVisible();
  await expect(dialog).toContainText('Ihr Szenario wurde aktualisiert.');
  await dialog.getByRole('button', { name: 'OK' }).click();

  // Publish from the view, confirming no patient can be identified.
  await page.getByRole('link', { name: 'Zurück zum Szenario' }).click();
  await expect(page.getByRole('heading', { level: 1, name: NAME })).toBeVisible();
  await page.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(dialog.getByRole('heading', { name: 'Dieses Szenario veröffentlichen?' })).toBeVisible();
  await expect(dialog).toContainText('Öffentliche Szenarien sind unter „Szenarien“ für alle sichtbar.');
  await dialog.getByRole('checkbox').check();
  await dialog.getByRole('button', { name: 'Veröffentlichen' }).click();
  await expect(dialog.getByRole('heading', { name: 'Aktualisiert!' })).toBeVisible();
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(hero.getByText('Öffentlich', { exact: true })).toBeVisible();
  // The confirmation names the day, in German.
  const today = await page.evaluate(() => new Intl.DateTimeFormat('de-DE', { day: 'numeric', month: 'short', year: 'numeric' }).format(new Date()));
  await expect(page.getByTestId('deidentified')).toHaveText(`Anonymisierung bestätigt von Emma Educator am ${today}`);
  await expect(page.getByRole('button', { name: 'Auf privat setzen' })).toBeVisible();

  // The library, filtered in German: by patient, then by the scenario's language.
  await page.goto('/scenarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Szenarien' })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^1–10 von \d+ Szenarien$/);
  await expect(page.getByRole('button', { name: 'Suchen' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Zurücksetzen' })).toBeVisible();
  await page.getByLabel('Patientenzustand').selectOption({ label: 'Stabil' });
  await expect(page).toHaveURL(/condition=0/);
  const cards = page.getByTestId('scenario-card');
  await expect(cards.first()).toContainText('Stabil');
  await page.getByRole('button', { name: 'Zurücksetzen' }).click();
  await expect(page).toHaveURL(/\/scenarios$/);
  await page.getByLabel('Sprache').selectOption({ label: 'Deutsch' });
  await expect(page).toHaveURL(/lang=de/);
  await expect(cards.filter({ hasText: NAME })).toBeVisible();
  await expect(page.getByTestId('result-count')).toHaveText(/^1–\d+ von \d+ Szenari(o|en)$/);
  // Every scenario listed is in German; the API agrees on the total.
  const res = await page.request.get('/api/scenarios/0/50/-1/-1/-1/-1?language=de');
  const german = (await res.json()) as { total: number; scenarios: { unicode_language_identifier: string | null }[] };
  expect(german.scenarios.every((s) => s.unicode_language_identifier?.toLowerCase().startsWith('de'))).toBe(true);
  await expect(page.getByTestId('result-count')).toHaveText(new RegExp(`von ${german.total} Szenari(o|en)$`));
  await page.getByLabel('Sprache').selectOption({ label: 'Français' });
  await expect(page.getByRole('heading', { level: 2, name: 'Keine Ergebnisse gefunden.' })).toBeVisible();
  await expect(page.getByText('Wir konnten keine Ergebnisse zu diesen Kriterien finden.')).toBeVisible();
  await expect(page.locator('.filters-toggle')).toHaveText('Filter (1)');

  // My scenarios.
  await page.goto('/me/scenarios');
  await expect(page.getByRole('heading', { level: 1, name: 'Meine Szenarien' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Ordner' })).toBeVisible();
  await page.getByLabel('Sortieren nach').selectOption({ label: 'Neueste zuerst' });
  await expect(cards.filter({ hasText: NAME })).toContainText('Öffentlich');
});

test('at 390, 768 and 1024 px no German scenario screen is wider than the window', async ({ page }) => {
  expect(scenarioPath, 'the upload test ran first').not.toBe('');
  await signedIn(page, 'educator');
  await setAccountLanguage(page, 'de');
  const screens = [
    { path: '/scenarios', heading: 'Szenarien' },
    { path: '/scenarios?lang=de', heading: 'Szenarien' },
    { path: '/me/scenarios', heading: 'Meine Szenarien' },
    { path: scenarioPath, heading: NAME },
    { path: `${scenarioPath}/edit`, heading: 'Szenario bearbeiten' },
    { path: '/scenarios/upload', heading: 'Szenarien hochladen' },
  ];
  for (const width of [390, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    for (const screen of screens) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading }), screen.path).toBeVisible();
      await expectNoHorizontalOverflow(page, `${screen.path} at ${width} px`);
      if (screen.path.startsWith('/scenarios?') || screen.path === '/scenarios') {
        // The folded filters, opened.
        const toggle = page.getByRole('button', { name: /^Filter/ });
        if (await toggle.isVisible()) await toggle.click();
        await expect(page.getByLabel('Sprache')).toBeVisible();
        await expectNoHorizontalOverflow(page, `${screen.path} with its filters open at ${width} px`);
      }
      if (width === 390 && (screen.path === scenarioPath || screen.path === '/scenarios')) {
        await page.screenshot({ path: test.info().outputPath(`de-390-${screen.path === scenarioPath ? 'view' : 'library'}.png`), fullPage: true });
      }
    }
  }
});
