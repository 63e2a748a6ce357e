// The app in German: a browser that asks for German gets the sign-in screen in German; a user who
// chose German on the account (PATCH /api/users/me) signs in and sees the shell, groups, media,
// search, TMS, profile, downloads, support, the legal pages and the not-found page in German, with
// German plurals; an admin sees the admin screens in German; and at phone width (390 px) none of
// those screens is wider than the window.
import { expect, test } from '@playwright/test';
import { signIn, signedIn } from './support/auth';
import { setAccountLanguage, expectNoHorizontalOverflow } from './support/language';

test.use({ screenshot: 'only-on-failure' });

/** The screens translated so far and a German text each shows. */
const SCREENS: { path: string; heading: string | RegExp; text?: string | RegExp }[] = [
  { path: '/me', heading: 'Emma Educator', text: 'Lizenz für neue Uploads' },
  { path: '/me/forum/groups', heading: 'Meine Gruppen', text: 'Gruppe erstellen' },
  { path: '/forum/create', heading: 'Gruppe erstellen', text: 'Mitgliedschaft' },
  { path: '/media', heading: 'Medien', text: /^\d+ Medi(um|en) verfügbar$/ },
  { path: '/media/upload', heading: 'Medien hochladen', text: 'Dateien auswählen' },
  { path: '/me/media', heading: 'Meine Medien' },
  { path: '/search?q=cardiac', heading: 'Suchergebnisse für „cardiac“', text: 'Beiträge und Gruppen durchsuchen' },
  { path: '/tms', heading: 'TMS', text: /^\d+ Nachbesprechung(en)? in \d+ Szenari(o|en)$/ },
  { path: '/tms/students', heading: 'TMS', text: /^\d+ Teilnehm(er\/in|ende)$/ },
  { path: '/no-such-page', heading: 'Seite nicht gefunden', text: 'Zur Startseite' },
  { path: '/me/profile', heading: 'Angaben ändern', text: 'Telefonnummer' },
  { path: '/me/password', heading: 'Passwort ändern', text: 'Zurück zu meinem Profil' },
  { path: '/me/downloads', heading: 'Downloads', text: 'Nach der Installation' },
  { path: '/me/support', heading: 'Support', text: 'Wenden Sie sich an die Niederlassung in Ihrer Nähe.' },
  { path: '/terms', heading: 'Nutzungsbedingungen', text: '1. Begriffsbestimmungen' },
  { path: '/privacy', heading: 'Datenschutzerklärung', text: 'Wer die Community nutzen darf' },
  { path: '/accessibility', heading: 'Erklärung zur Barrierefreiheit', text: 'Was bereits funktioniert' },
];

/** The admin screens and a German text each shows (as the admin user). */
const ADMIN_SCREENS: typeof SCREENS = [
  { path: '/admin/analytics', heading: 'Statistik', text: 'Neue Beiträge pro Monat' },
  { path: '/admin/users', heading: 'Benutzer', text: /^\d+ Benutzer verfügbar$/ },
  { path: '/admin/reported', heading: 'Gemeldete Beiträge' },
  { path: '/admin/post', heading: 'Beitrag an alle', text: 'Der Beitrag erscheint im Aktivitäts-Feed' },
  { path: '/admin/reviewmedia', heading: 'Ausstehende Medien' },
  { path: '/admin/audit', heading: 'Protokoll', text: 'Ausgeführt von' },
  { path: '/admin/builds', heading: 'App-Versionen', text: 'Version hochladen' },
];

test.describe('signed out, the browser asking for German', () => {
  test.use({ locale: 'de-DE' });

  test('the sign-in screen and its checks are in German', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { level: 1, name: 'Anmelden' })).toBeVisible();
    await expect(page.getByText('Willkommen in der REALITi Community.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Jetzt registrieren' })).toBeVisible();
    await expect(page).toHaveTitle('Anmelden - REALITi Community');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByText('Bitte geben Sie einen Benutzernamen ein')).toBeVisible();
    // A wrong password: the server's answer in German too.
    await page.getByLabel('Benutzername').fill('educator');
    await page.getByLabel('Passwort', { exact: true }).fill('wrong-password-1A');
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page.getByRole('alert')).toHaveText('Benutzername oder Passwort ist falsch.');
  });

  test('registration is in German, with the terms link inside the sentence', async ({ page }) => {
    await page.goto('/register');
    await expect(page.getByRole('heading', { level: 1, name: /Werden Sie Teil der .* Community/ })).toBeVisible();
    await expect(page.getByText('Mit der Registrierung stimmen Sie den Nutzungsbedingungen zu.')).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nutzungsbedingungen' }).first()).toBeVisible();
  });
});

test.describe('a user who chose German on the account', () => {
  test.afterEach(async ({ page }) => {
    // The demo account is shared by the worker's other spec files: back to no choice.
    await setAccountLanguage(page, null);
  });

  test('signs in and sees the screens in German', async ({ page }) => {
    await signIn(page, 'educator');
    await setAccountLanguage(page, 'de');
    await page.goto('/feed');
    const nav = page.getByRole('navigation', { name: 'Hauptnavigation' });
    await expect(nav.getByRole('link', { name: 'Startseite' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Szenarien' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Medien' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Nutzungsbedingungen' })).toBeVisible();
    await expect(page).toHaveTitle('Startseite - REALITi Community');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading }), screen.path).toBeVisible();
      if (screen.text) await expect(page.getByText(screen.text).first(), screen.path).toBeVisible();
    }
    // The library's buttons: adding a scenario, and each card's Download.
    await page.goto('/scenarios');
    await expect(page.locator('summary', { hasText: 'Szenario hinzufügen' })).toBeVisible();
    await expect(page.getByRole('button', { name: /herunterladen$/ }).first()).toBeVisible();
    // The TMS tabs and a debrief's German labels.
    await page.goto('/tms');
    await expect(page.getByRole('navigation', { name: 'TMS-Ansichten' }).getByRole('link', { name: 'Nachbesprechungen' })).toBeVisible();
  });

  test('at 390 px no German screen is wider than the window', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, 'educator');
    await setAccountLanguage(page, 'de');
    await page.goto('/feed');
    await expect(page.getByRole('button', { name: /Menü/ })).toBeVisible();
    await expectNoHorizontalOverflow(page, '/feed');
    for (const screen of SCREENS) {
      await page.goto(screen.path);
      await expect(page.getByRole('heading', { level: 1, name: screen.heading }), screen.path).toBeVisible();
      if (screen.text) await expect(page.getByText(screen.text).first(), screen.path).toBeVisible();
      await expectNoHorizontalOverflow(page, screen.path);
      await page.screenshot({ path: test.info().outputPath(`de-390${screen.path.replace(/[/?=]/g, '_')}.png`), fullPage: true });
    }
  });
});

test.describe('an admin who chose German on the account', () => {
  test.afterEach(async ({ page }) => {
    await setAccountLanguage(page, null);
  });

  for (const width of [1024, 390]) {
    test(`sees the admin screens in German at ${width} px, none wider than the window`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await signedIn(page, 'admin');
      await setAccountLanguage(page, 'de');
      for (const screen of ADMIN_SCREENS) {
        await page.goto(screen.path);
        await expect(page.getByRole('heading', { level: 1, name: screen.heading }), screen.path).toBeVisible();
        await expect(page.getByRole('navigation', { name: 'Verwaltung' }).getByRole('link', { name: 'Protokoll' })).toBeVisible();
        if (screen.text) await expect(page.getByText(screen.text).first(), screen.path).toBeVisible();
        await expectNoHorizontalOverflow(page, screen.path);
        await page.screenshot({ path: test.info().outputPath(`de-${width}${screen.path.replace(/[/?=]/g, '_')}.png`), fullPage: true });
      }
    });
  }
});
