// The licence screens in German: an admin who chose German sees the licence admin screen and a seat
// board in German, saves an agreement and finds the action by its German name in the audit log; a
// provisioner who chose German sees Licensing and the claim form (with its checks) on the device, and
// the notice in a plain browser. At 390, 768 and 1024 px none of those screens is wider than the window.
// A user who chose German gets the feed's composer and side column and the profile's offline storage
// in German too.
import { expect, test, type Page } from '@playwright/test';
import { signedIn } from './support/auth';
import { installFakeNativeHost } from './support/fake-native-host';
import { setAccountLanguage, expectNoHorizontalOverflow } from './support/language';

test.use({ screenshot: 'only-on-failure' });

/** The seeded 3-seat REALITi agreement of the provisioner's organisation. */
const DEMO_AGREEMENT = 1;
const WIDTHS = [390, 768, 1024];

/** Each width in turn: the screen's German checks, then no overflow. */
async function atEveryWidth(page: Page, where: string, check: () => Promise<void>) {
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    await check();
    await expectNoHorizontalOverflow(page, `${where} at ${width} px`);
  }
}

test.describe('an admin who chose German on the account', () => {
  test.afterEach(async ({ page }) => {
    // The demo account is shared by the worker's other spec files: back to no choice.
    await setAccountLanguage(page, null);
  });

  test('sees the licence screens in German and the saved agreement by its German name in the audit log', async ({ page }) => {
    await signedIn(page, 'admin');
    await setAccountLanguage(page, 'de');

    await page.goto('/admin/licences');
    await atEveryWidth(page, '/admin/licences', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Lizenzen' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Verträge' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Neuer Vertrag' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Produkte' })).toBeVisible();
      await expect(page.getByLabel('Vertragsart')).toContainText('Unbefristet');
      await expect(page.getByRole('button', { name: 'Vertrag anlegen' })).toBeVisible();
      await expect(page.getByRole('group', { name: 'Gehört zu' })).toContainText('Einer Organisation');
      await expect(page.getByRole('link', { name: `Plätze von Vertrag ${DEMO_AGREEMENT}` })).toBeVisible();
      await expect(page.getByTestId(`contract-${DEMO_AGREEMENT}`)).toContainText(/\d+ von 3 belegt · \d+ frei/);
    });

    await page.getByRole('link', { name: `Plätze von Vertrag ${DEMO_AGREEMENT}` }).click();
    await expect(page).toHaveURL(new RegExp(`/admin/licences/contracts/${DEMO_AGREEMENT}$`));
    await atEveryWidth(page, 'the seat board', async () => {
      await expect(page.getByRole('heading', { level: 1, name: `Vertrag #${DEMO_AGREEMENT}: REALITi` })).toBeVisible();
      await expect(page.getByTestId('board-seats')).toHaveText(/^\d+ von 3 belegt · \d+ frei$/);
      await expect(page.getByText('Angelegt', { exact: true })).toBeVisible();
      await expect(page.getByText('Wiederkehrend', { exact: true })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Plätze' })).toBeVisible();
      await expect(page.getByLabel('Anzahl der Lizenzen')).toHaveValue('3');
    });

    // Saving the agreement as it is: a German confirmation, and the action in the audit log.
    await page.getByRole('button', { name: 'Speichern' }).click();
    await expect(page.getByText('Der Vertrag wurde geändert.')).toBeVisible();

    await page.goto('/admin/audit');
    await atEveryWidth(page, '/admin/audit', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Protokoll' })).toBeVisible();
      await expect(page.getByTestId('audit-entry').first()).toContainText('Lizenzvertrag geändert');
    });
    await page.getByLabel('Aktion').selectOption({ label: 'Lizenzvertrag geändert' });
    await expect(page).toHaveURL(/action=licence\.contract\.update/);
    const rows = page.getByTestId('audit-entry');
    await expect(rows.first()).toContainText('Lizenzvertrag geändert');
    await expect(rows.filter({ hasNotText: 'Lizenzvertrag geändert' })).toHaveCount(0);
    await expect(page.getByText('licence.contract.update', { exact: true })).toHaveCount(0);
  });
});

test.describe('a provisioner who chose German on the account', () => {
  test.afterEach(async ({ page }) => {
    await setAccountLanguage(page, null);
  });

  test('in a plain browser Licensing shows the German notice', async ({ page }) => {
    await signedIn(page, 'provisioner');
    await setAccountLanguage(page, 'de');
    await page.goto('/me/provisioning');
    await atEveryWidth(page, '/me/provisioning in a browser', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Lizenzierung' })).toBeVisible();
      await expect(page.getByText('Lizenzen werden auf dem Gerät verwaltet.')).toBeVisible();
      await expect(page.getByRole('link', { name: 'Apps herunterladen' })).toBeVisible();
    });
  });

  test('on the device, Licensing and the claim form are in German, with the checks beside the fields', async ({ page }) => {
    await installFakeNativeHost(page, { deviceId: 'IPAD-E2E-DE-0007', product: 'REALITi' });
    await signedIn(page, 'provisioner');
    await setAccountLanguage(page, 'de');
    await page.goto('/me/provisioning');
    await atEveryWidth(page, '/me/provisioning', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Lizenzierung' })).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Aktuelle Lizenz' })).toBeVisible();
      await expect(page.getByText('Dieses Gerät ist nicht lizenziert. Schalten Sie eine Lizenz aus einem der Verträge unten frei.')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Lizenzverträge' })).toBeVisible();
      await expect(page.getByTestId(`agreement-${DEMO_AGREEMENT}`).getByTestId('available')).toHaveText(/^\d+ von 3 frei$/);
      await expect(page.getByTestId(`agreement-${DEMO_AGREEMENT}`)).toContainText('Wiederkehrend');
    });

    await page.getByRole('link', { name: `Eine Lizenz aus Vertrag ${DEMO_AGREEMENT} freischalten` }).click();
    await expect(page).toHaveURL(new RegExp(`/me/claim/${DEMO_AGREEMENT}$`));
    await atEveryWidth(page, '/me/claim', async () => {
      await expect(page.getByRole('heading', { level: 1, name: 'Lizenz freischalten' })).toBeVisible();
      await expect(page.getByTestId('claim-device-id')).toHaveText('IPAD-E2E-DE-0007');
      await expect(page.getByTestId('claim-kit-colour')).toHaveText('Nicht gewählt');
      await expect(page.getByText('Einstellungen > Allgemein > Info, Seriennummer kopieren')).toBeVisible();
      await expect(page.getByRole('radio', { name: 'Marineblau' })).toBeAttached();
    });
    await page.getByRole('button', { name: 'Dieses Gerät freischalten' }).click();
    await expect(page.getByText('Bitte wählen Sie eine Kit-Farbe')).toBeVisible();
    await expect(page.getByText('Bitte geben Sie die Seriennummer des Geräts ein')).toBeVisible();
    await page.getByRole('radio', { name: 'Weiß' }).check();
    await expect(page.getByTestId('claim-kit-colour')).toHaveText('Weiß');
    await expect(page.getByText('Bitte wählen Sie eine Kit-Farbe')).toHaveCount(0);
    await expectNoHorizontalOverflow(page, '/me/claim with its checks');
    await page.getByRole('link', { name: 'Abbrechen' }).click();
    await expect(page).toHaveURL(/\/me\/provisioning$/);
  });
});

test.describe('a user who chose German on the account', () => {
  test.afterEach(async ({ page }) => {
    await setAccountLanguage(page, null);
  });

  test("sees the feed's composer and side column and the profile's offline storage in German", async ({ page }) => {
    await signedIn(page, 'educator');
    await setAccountLanguage(page, 'de');
    await page.goto('/feed');
    const composer = page.getByRole('region', { name: 'Beitrag verfassen' });
    await expect(composer.getByRole('button', { name: 'Teilen Sie etwas mit der Community ...' })).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Beitrag', exact: true })).toBeVisible();
    await expect(composer.getByRole('button', { name: 'Szenario', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Meine Gruppen' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Alle meine Gruppen' })).toBeVisible();

    await page.goto('/me');
    const storage = page.getByRole('region', { name: 'Offline-Speicher' });
    await expect(storage).toContainText('Offline gespeicherte Favoriten');
    await expect(storage.getByTestId('offline-unsent-size')).toHaveText(/^\d+ B \(\d+ Einträge?\)$/);
    await expect(storage.getByTestId('offline-persistent')).toHaveText(/^(Dauerhaft|Nicht dauerhaft|Unbekannt)/);
  });
});
