// Journeys in German: the sign-in screen written into the HTML in the visitor's language (before any
// script runs, and the service worker's shell once the app has started); a post written in the feed
// with its German toast and labels; a group admin's invite reaching a German invitee as a German
// notification, accepted; the TMS list and a debrief; and at 768 and 1024 px the feed, groups,
// notifications and TMS screens in German no wider than the window.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { apiAs, signedIn, unique, type DemoUser } from './support/auth';
import { setAccountLanguage, expectNoHorizontalOverflow } from './support/language';

test.use({ screenshot: 'only-on-failure' });

/** A demo user signed in, in German (the account's choice), on the feed. */
async function inGerman(page: Page, username: DemoUser) {
  await signedIn(page, username);
  await setAccountLanguage(page, 'de');
  await page.goto('/feed');
  await expect(page.getByRole('navigation', { name: 'Hauptnavigation' }).getByRole('link', { name: 'Startseite' })).toBeVisible();
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

test.describe('the sign-in screen written into the HTML', () => {
  test('comes in German for a browser asking for German, in English otherwise; the app’s language cookie wins', async ({ request }) => {
    const html = async (headers: Record<string, string>) => {
      const res = await request.get('/login', { headers });
      expect(res.status()).toBe(200);
      return res.text();
    };
    const german = await html({ 'Accept-Language': 'de-DE,de;q=0.9' });
    expect(german).toContain('<html lang="de"');
    expect(german).toContain('data-prerendered="login"');
    expect(german).toContain('Benutzername');
    expect(german).toContain('Willkommen in der REALITi Community.');
    expect(german).not.toContain('Username');

    const english = await html({ 'Accept-Language': 'en-GB,en;q=0.9' });
    expect(english).toContain('<html lang="en"');
    expect(english).toContain('Username');
    expect(english).not.toContain('Benutzername');

    expect(await html({ 'Accept-Language': 'en', Cookie: 'lang=de' })).toContain('Benutzername');
    expect(await html({ 'Accept-Language': 'de', Cookie: 'lang=en' })).toContain('Username');
  });

  test.describe('with JavaScript off, the browser in German', () => {
    test.use({ locale: 'de-DE', javaScriptEnabled: false });

    test('shows the German form from the HTML alone', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await expect(page.getByLabel('Benutzername')).toBeVisible();
      await expect(page.getByLabel('Passwort', { exact: true })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Anmelden' })).toBeVisible();
      await expect(page.getByText('Username')).toHaveCount(0);
    });
  });

  test.describe('once the app has started, the browser in German', () => {
    test.use({ locale: 'de-DE', serviceWorkers: 'allow' });

    test('the service worker’s shell shows the login in German too', async ({ page }) => {
      await page.goto('/login');
      await expect(page.getByLabel('Benutzername')).toBeVisible();
      await page.evaluate(async () => {
        await navigator.serviceWorker.ready;
      });
      await page.reload();
      await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
      await page.goto('/login');
      await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
      await expect(page.getByLabel('Benutzername')).toBeVisible();
      await expect(page.getByText('Username')).toHaveCount(0);
    });
  });
});

test.describe('journeys of users who chose German', () => {
  test.afterEach(async ({ page }) => {
    // The demo accounts are shared by the worker's other spec files: back to no choice.
    await setAccountLanguage(page, null);
  });

  test('writes a post in the feed and sees it with the German toast and labels', async ({ page }) => {
    await inGerman(page, 'educator');
    const box = page.getByRole('region', { name: 'Beitrag verfassen' });
    await expect(box.getByText('Teilen Sie etwas mit der Community ...')).toBeVisible();
    await box.getByRole('button', { name: 'Beitrag', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Beitrag erstellen' });
    await expect(dialog).toBeVisible();
    const post = dialog.getByRole('button', { name: 'Beitrag', exact: true });
    await expect(post).toBeDisabled();
    const title = unique('Übergabe im Nachtdienst');
    await dialog.getByLabel('Titel').fill(title);
    await dialog.getByLabel('Nachricht').fill('Kurz und strukturiert.');
    await post.click();
    await expect(page.getByText('Beitrag erstellt!')).toBeVisible();
    const card = page.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('hat einen Beitrag geteilt')).toBeVisible();
    await expect(card.getByText('Gerade eben')).toBeVisible();
    await expect(card.getByText('Kurz und strukturiert.')).toBeVisible();
  });

  test('a group admin invites someone; the invitee reads the German invite notification and accepts', async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'paramedic');
    const created = await owner.post('/api/forumgroup/creategroup', { data: { name: unique('Luftrettung'), description: 'Für die Übung', membershipType: 1, postingType: 'allowAll' } });
    expect(created.status()).toBe(201);
    const group = (await created.json()) as { id: number; name: string };

    // The admin, in German, sends the invite from the group's page.
    await inGerman(page, 'paramedic');
    await page.goto(`/forum/edit/${group.id}`);
    await page.getByRole('tab', { name: /^Mitglieder$/ }).click();
    await page.getByLabel('Per E-Mail einladen').fill('provisioner@community.example');
    await page.getByRole('button', { name: 'Einladung senden' }).click();
    await expect(toast(page, 'Einladung gesendet.')).toBeVisible();

    const invitee = await germanPage(browser, 'provisioner');
    try {
      const p = invitee.page;
      await p.getByLabel(/^Benachrichtigungen/).click();
      const item = p.getByRole('button', { name: new RegExp(`Gruppeneinladung.*hat Sie eingeladen, ${group.name} beizutreten`) });
      await expect(item).toBeVisible();
      await expect(p.getByRole('button', { name: new RegExp(`invited you to join ${group.name}`) })).toHaveCount(0);
      // The notifications page says the same.
      await p.goto('/notifications');
      await expect(p.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })).toBeVisible();
      await expect(p.getByRole('main').getByText(new RegExp(`hat Sie eingeladen, ${group.name} beizutreten`))).toBeVisible();
      await expect(p.getByRole('main').getByText('Gruppeneinladung').first()).toBeVisible();
      await p.goto('/feed');
      await p.getByLabel(/^Benachrichtigungen/).click();
      await item.click();
      await expect(p).toHaveURL(/\/me\/forum\/groups$/);
      await p.getByRole('link', { name: group.name }).click();
      await p.getByRole('button', { name: 'Einladung annehmen' }).click();
      await expect(toast(p, 'Sie sind der Gruppe beigetreten')).toBeVisible();
      await expect(p.getByRole('button', { name: 'Bereits Mitglied' })).toBeVisible();
    } finally {
      await setAccountLanguage(invitee.page, null);
      await invitee.close();
    }
  });

  test('reads the TMS list and a debrief in German', async ({ page }) => {
    await inGerman(page, 'educator');
    await page.goto('/tms');
    await expect(page.getByRole('heading', { level: 1, name: 'TMS' })).toBeVisible();
    await expect(page.getByTestId('debrief-count')).toHaveText(/^\d+ Nachbesprechung(en)? in \d+ Szenari(o|en)$/);
    await expect(page.getByRole('navigation', { name: 'TMS-Ansichten' }).getByRole('link', { name: 'Nachbesprechungen' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: 'Unbekanntes Szenario' })).toBeVisible();
    const row = page.getByTestId('debrief-group').filter({ has: page.getByRole('heading', { name: 'Witnessed VF arrest' }) }).getByTestId('debrief-row').first();
    await expect(row).toContainText(/Checks \d+\/\d+/);
    await row.click();
    const dialog = page.getByRole('dialog', { name: 'Witnessed VF arrest' });
    await expect(dialog.getByRole('tab', { name: 'Übersicht' })).toHaveAttribute('aria-selected', 'true');
    await expect(dialog.getByRole('meter', { name: 'Check-Punkte' })).toBeVisible();
    await expect(dialog.getByRole('meter', { name: 'Bewertete Punkte' })).toBeVisible();
    await expect(dialog.getByRole('meter', { name: 'Kritische Punkte' })).toBeVisible();
    await dialog.getByRole('tab', { name: 'Ereignisprotokoll' }).click();
    await expect(dialog.getByRole('columnheader')).toHaveText(['Ereignis', 'Zeit', 'Code']);
    await expect(dialog.getByRole('img', { name: 'Erledigt' }).first()).toBeVisible();
    await dialog.getByRole('button', { name: 'Schließen' }).click();
    await expect(dialog).toHaveCount(0);
  });

  for (const width of [768, 1024]) {
    test(`at ${width} px the feed, groups, notifications and TMS in German fit the window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await inGerman(page, 'educator');
      const screens: [string, (p: Page) => ReturnType<Page['getByText']>][] = [
        ['/feed', (p) => p.getByTestId('feed-count').filter({ hasText: /^\d+ Beitr(ag|äge) verfügbar$/ })],
        ['/me/forum/groups', (p) => p.getByRole('heading', { level: 1, name: 'Meine Gruppen' })],
        ['/notifications', (p) => p.getByRole('heading', { level: 1, name: 'Benachrichtigungen' })],
        ['/tms', (p) => p.getByTestId('debrief-count').filter({ hasText: /Nachbesprechung(en)? in/ })],
      ];
      for (const [path, shown] of screens) {
        await page.goto(path);
        await expect(shown(page), path).toBeVisible();
        await expectNoHorizontalOverflow(page, `${path} at ${width} px`);
        await page.screenshot({ path: test.info().outputPath(`de-${width}${path.replace(/[/?=]/g, '_')}.png`), fullPage: true });
      }
    });
  }
});

/** Another browser window signed in as a demo user in German. */
async function germanPage(browser: Browser, username: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await inGerman(page, username);
  return { page, close: () => context.close() };
}
