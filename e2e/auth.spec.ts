// Accounts end to end: registration with the e-mailed verification link, sign-in outcomes, the
// unverified resend, password reset by e-mail, guards and role redirects, and the profile screens.
import fs from 'node:fs';
import path from 'node:path';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signedIn, signIn } from './support/auth';
import { e2eDataDir as dataDir } from './support/servers';

const mailDir = path.join(dataDir, 'mail');

function mailsFor(address: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  const safe = address.replace(/[^a-z0-9@._-]/gi, '_');
  return fs.readdirSync(mailDir).filter((f) => f.includes(safe)).sort();
}

/** The first link of the newest .eml the server wrote for `address` (waits for it to appear). */
async function newestLink(address: string, after = 0): Promise<string> {
  let files: string[] = [];
  await expect.poll(() => (files = mailsFor(address)).length, { message: `a mail to ${address}` }).toBeGreaterThan(after);
  const raw = fs.readFileSync(path.join(mailDir, files[files.length - 1]), 'utf8');
  const text = raw.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<]+/)?.[0];
  expect(link, 'a link in the mail').toBeTruthy();
  return link!;
}

let n = 0;
function newAccount() {
  n += 1;
  const tag = `${Date.now().toString(36)}${n}`;
  return { firstName: 'Ida', lastName: 'Intern', username: `ida${tag}`, email: `ida${tag}@example.test`, password: 'Secret123' };
}

async function registerByApi(request: APIRequestContext, account: ReturnType<typeof newAccount>) {
  const res = await request.post('/api/users/register', { data: account });
  expect(res.status()).toBe(201);
}

async function verifiedAccount(request: APIRequestContext) {
  const account = newAccount();
  await registerByApi(request, account);
  const token = new URL(await newestLink(account.email)).pathname.split('/').pop()!;
  const res = await request.post(`/api/users/VerifyEmail?token=${token}`);
  expect(res.status()).toBe(200);
  return account;
}

async function fillLogin(page: Page, username: string, password: string) {
  await page.goto('/login');
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

test('registration flags every field at once: a mismatched confirmation shows beside the other mistakes', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('Email').fill('not-an-address');
  await page.getByLabel('Password', { exact: true }).fill('Stronger99');
  await page.getByLabel('Confirm password').fill('Stronger98');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
});

test('register, follow the e-mailed link, see the verified notice, sign in and land on the feed', async ({ page }) => {
  const acc = newAccount();
  await page.goto('/register?orgcode=CSC-2026');
  await expect(page.getByRole('heading', { name: 'Join the REALITi community' })).toBeVisible();
  await expect(page.getByLabel('Organisation ID (optional)')).toHaveValue('CSC-2026');
  await page.getByLabel('First name').fill(acc.firstName);
  await page.getByLabel('Last name').fill(acc.lastName);
  await page.getByLabel('Email').fill(`  ${acc.email.toUpperCase()} `);
  await page.getByLabel('Username').fill(acc.username);
  await page.getByLabel('Password', { exact: true }).fill(acc.password);
  await page.getByLabel('Confirm password').fill('Different1');
  await page.getByRole('button', { name: 'Register' }).click();
  // Both password fields are flagged when they differ, and nothing is sent.
  await expect(page.getByText('Passwords do not match')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByLabel('Confirm password')).toHaveAttribute('aria-invalid', 'true');
  expect(mailsFor(acc.email)).toEqual([]);

  await page.getByLabel('Confirm password').fill(acc.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByRole('heading', { name: 'Thanks for registering!' })).toBeVisible();
  await expect(page.getByText('Please check your email inbox and click the link to verify your email address.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign In' })).toBeVisible();

  const link = await newestLink(acc.email);
  expect(new URL(link).pathname).toMatch(/^\/emailverified\//);
  // The check takes a moment on a slow network: the page says what it is doing (the answer is held
  // until it does).
  let answer!: () => void;
  const held = new Promise<void>((resolve) => { answer = resolve; });
  await page.route('**/api/users/VerifyEmail**', async (route) => {
    await held;
    await route.continue();
  });
  await page.goto(link);
  await expect(page.getByText('Verifying your account...')).toBeVisible();
  answer();
  await expect(page).toHaveURL(/\/login\?verified=true$/);
  await page.unroute('**/api/users/VerifyEmail**');
  await expect(page.getByText('Your account was verified. Please login below.')).toBeVisible();

  await page.getByLabel('Username').fill(acc.username);
  await page.getByLabel('Password', { exact: true }).fill(acc.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  // A new member has no notifications yet.
  await page.getByLabel('Notifications', { exact: true }).click();
  await expect(page.getByText('There are no notifications to display')).toBeVisible();

  // The organisation code from ?orgcode= was linked.
  await page.goto('/me');
  await expect(page.getByText('Canberra Simulation Centre')).toBeVisible();

  // Reopening the used link says the account is verified already and offers sign-in.
  await page.getByLabel('User menu').click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect.poll(async () => (await page.request.get('/api/users/me')).status()).toBe(401);
  await page.goto(link);
  await expect(page).toHaveURL(/\/login\?verified=already$/);
  await expect(page.getByRole('status').filter({ hasText: 'already verified' })).toHaveText('Your account is already verified. Please sign in below.');
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
  await expect(page.getByText('could not be verified')).toHaveCount(0);
});

test('registration shows the server error after "There was an error: "', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('Eddie');
  await page.getByLabel('Last name').fill('Educator');
  await page.getByLabel('Email').fill('someone-new@example.test');
  await page.getByLabel('Username').fill('educator');
  await page.getByLabel('Password', { exact: true }).fill('Secret123');
  await page.getByLabel('Confirm password').fill('Secret123');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('There was an error: That username is already taken.')).toBeVisible();
});

test('registration flags each invalid field', async ({ page }) => {
  await page.goto('/register');
  await page.getByLabel('First name').fill('   ');
  await page.getByLabel('Email').fill('not-an-email');
  await page.getByLabel('Username').fill('has space');
  await page.getByLabel('Password', { exact: true }).fill('short');
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('First name is required')).toBeVisible();
  await expect(page.getByText('Last name is required')).toBeVisible();
  await expect(page.getByText('Please enter a valid email address')).toBeVisible();
  await expect(page.getByText('Username must not contain spaces')).toBeVisible();
  await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');
});

test('a wrong password shows "Incorrect username or password!"', async ({ page }) => {
  await fillLogin(page, 'educator', 'NotThePassword1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password!');
  await expect(page).toHaveURL(/\/login$/);
});

test('a disabled account with the right password is told so and whom to contact; a wrong password gets the generic message', async ({ page, playwright, baseURL }) => {
  const acc = await verifiedAccount(page.request);
  const admin = await playwright.request.newContext({ baseURL });
  try {
    expect((await admin.post('/api/auth', { data: { username: 'admin', password: DEMO_PASSWORD } })).ok()).toBeTruthy();
    const found = (await (await admin.get(`/api/users/0/1/${acc.username}`)).json()) as { users: { uuid_id: string }[] };
    expect((await admin.post(`/api/users/SetEnabled/${found.users[0].uuid_id}/false`)).ok()).toBeTruthy();
  } finally {
    await admin.dispose();
  }
  await fillLogin(page, acc.username, acc.password);
  await expect(page.getByRole('alert')).toHaveText('Your account has been disabled. To have it enabled again, contact support at support@isimulate.com.');
  await expect(page).toHaveURL(/\/login$/);
  await fillLogin(page, acc.username, 'NotThePassword1');
  await expect(page.getByRole('alert')).toHaveText('Incorrect username or password!');
});

test.describe('a slow session check', () => {
  // page.route sees the app's own requests only with no service worker in between.
  test.use({ serviceWorkers: 'block' });

  test('the form shows before the check answers, and a sign-in made meanwhile is not undone by it', async ({ page }) => {
    // The check the app asks as it starts ('no one is signed in') is held until after the sign-in.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let delivered!: Promise<void>;
    let checks = 0;
    await page.route('**/api/users/me', async (route) => {
      checks += 1;
      if (checks > 1) return route.continue();
      const response = await route.fetch();
      delivered = held.then(() => route.fulfill({ response }));
      await delivered;
    });
    await fillLogin(page, 'educator', 'Community1');
    await expect(page).toHaveURL(/\/feed$/);
    await expect(page.getByTestId('feed-count')).toBeVisible();
    expect(checks).toBeGreaterThan(1);

    // Every screen the page shows from now on.
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    release();
    await delivered;
    // Let the page take the old answer in (its fetch, JSON and render), a few frames.
    for (let i = 0; i < 3; i += 1) await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve))));
    await expect(page).toHaveURL(/\/feed$/);
    expect(visited).not.toContain('/login');
    // It changed nothing: the app goes on as the signed-in user.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Scenarios' }).click();
    await expect(page).toHaveURL(/\/scenarios$/);
    await expect(page.getByRole('heading', { name: 'Scenarios', level: 1 })).toBeVisible();
  });
});

test.describe('the login form written into the HTML', () => {
  test.use({ serviceWorkers: 'block' });

  test('shows before any script runs; its buttons wait for the app, and Enter sends nothing by itself', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeDisabled();
      await expect(page.getByRole('button', { name: 'Forgotten Password?' })).toBeDisabled();
      await page.getByLabel('Username').fill('educator');
      await page.getByLabel('Password', { exact: true }).fill('Community1');
      await page.getByLabel('Password', { exact: true }).press('Enter');
      // No form sent by the browser: the password never goes into an address.
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('link', { name: 'Register Now' })).toHaveAttribute('href', '/register');
    } finally {
      await context.close();
    }
  });

  test("what is typed before the app has loaded stays in the app's form, and signs in", async ({ page }) => {
    // The app's entry script arrives late (a slow network).
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      const response = await route.fetch();
      await held;
      await route.fulfill({ response });
    });
    // (The load event waits for that script: do not wait for it.)
    await page.goto('/login', { waitUntil: 'commit' });
    await page.getByLabel('Username').fill('educator');
    await page.getByLabel('Password', { exact: true }).fill('Community1');
    await expect(page.locator('#root')).toHaveAttribute('data-prerendered', 'login');
    release();
    // The app has rendered its own form over the one in the HTML, with the same values and focus.
    await expect(page.locator('#root')).not.toHaveAttribute('data-prerendered', 'login');
    await expect(page.getByLabel('Username')).toHaveValue('educator');
    await expect(page.getByLabel('Password', { exact: true })).toHaveValue('Community1');
    await expect(page.getByLabel('Password', { exact: true })).toBeFocused();
    await page.getByLabel('Password', { exact: true }).press('Enter');
    await expect(page).toHaveURL(/\/feed$/);
  });
});

test('an unverified account gets the resend link; after "Email sent!" the link is gone', async ({ page }) => {
  const acc = newAccount();
  await registerByApi(page.request, acc);
  const before = mailsFor(acc.email).length;
  await fillLogin(page, acc.username, acc.password);
  const notice = page.getByRole('alert');
  await expect(notice).toContainText('Unverified account');
  await notice.getByRole('button', { name: 'here' }).click();
  await expect(page.getByText('Email sent!')).toBeVisible();
  await expect(page.getByRole('button', { name: 'here' })).toHaveCount(0);
  await newestLink(acc.email, before);
});

test('the unverified-account page resends the verification e-mail', async ({ page }) => {
  const acc = newAccount();
  await registerByApi(page.request, acc);
  const before = mailsFor(acc.email).length;
  await page.goto(`/unverifiedprofile/${encodeURIComponent(acc.email)}`);
  await expect(page.getByText(acc.email)).toBeVisible();
  await page.getByRole('button', { name: 'here' }).click();
  await expect(page.getByText('Email sent!')).toBeVisible();
  await newestLink(acc.email, before);
});

test('reset request from the modal, then a new password by the e-mailed token', async ({ page }) => {
  const acc = await verifiedAccount(page.request);
  const before = mailsFor(acc.email).length;
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgotten Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await expect(dialog.getByRole('listitem')).toHaveCount(3);
  await expect(dialog.getByLabel('Email')).toHaveAttribute('type', 'email');
  await dialog.getByLabel('Email').fill(acc.email);
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('If we found an account registered to that address, we have sent you an email with further instructions.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  const link = await newestLink(acc.email, before);
  expect(new URL(link).pathname).toBe('/password-update');
  await page.goto(link);
  await expect(page.getByText('Your password must be at least 8 characters long, containing at least one uppercase, lowercase and number.')).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('BrandNew99');
  await page.getByLabel('Confirm new password').fill('BrandNew99');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('Your password has been reset.')).toBeVisible();
  await page.getByRole('link', { name: 'Return to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Username').fill(acc.username);
  await page.getByLabel('Password', { exact: true }).fill('BrandNew99');
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/feed$/);

  // The token was single-use.
  await page.goto(link);
  await page.getByLabel('New password', { exact: true }).fill('Another99');
  await page.getByLabel('Confirm new password').fill('Another99');
  await page.getByRole('button', { name: 'Reset Password' }).click();
  await expect(page.getByText('There was an error.')).toBeVisible();
});

test('a reset link without its token says so and offers the way back, not a form that can only fail', async ({ page }) => {
  await page.goto('/password-update');
  await expect(page.getByText("This password reset link is incomplete. Ask for a new one with 'Forgotten Password?' on the sign-in page.")).toBeVisible();
  await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);
  await page.getByRole('link', { name: 'Return to Sign In' }).click();
  await expect(page).toHaveURL(/\/login$/);
});

test('an unknown address gets the same reset answer', async ({ page }) => {
  await page.goto('/login');
  await page.getByRole('button', { name: 'Forgotten Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill('nobody-at-all@example.test');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText('If we found an account registered to that address, we have sent you an email with further instructions.')).toBeVisible();
});

test('guards: signed-out visitors go to /login, public pages stay open', async ({ page }) => {
  for (const p of ['/me', '/feed', '/admin/users', '/me/pre-release']) {
    await page.goto(p);
    await expect(page).toHaveURL(/\/login$/);
  }
  await page.goto('/terms');
  await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible();
  await expect(page.getByText(/Australian Capital Territory/)).toBeVisible();
  await page.goto('/privacy');
  await expect(page.getByText(/13 years of age or older/)).toBeVisible();
  await expect(page.getByRole('link', { name: 'privacy@isimulate.com' })).toBeVisible();
  await page.goto('/');
  await expect(page).toHaveURL(/\/login$/);
});

test('role redirects: an educator is sent from admin and pre-release pages to the feed', async ({ page }) => {
  await signedIn(page, 'educator', '/admin/users');
  await expect(page).toHaveURL(/\/feed$/);
  await page.goto('/me/pre-release');
  await expect(page).toHaveURL(/\/feed$/);
  await page.getByLabel('User menu').click();
  await expect(page.getByRole('link', { name: 'My Profile' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Admin Dashboard' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Pre-Release' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Licensing' })).toHaveCount(0);
});

test('a tester sees Pre-Release with its download links; an admin sees Admin Dashboard', async ({ page }) => {
  await signIn(page, 'tester');
  await page.getByRole('link', { name: 'Pre-Release' }).click();
  await expect(page).toHaveURL(/\/me\/pre-release$/);
  for (const name of ['REALITI Check', 'ALSi', 'CTGi', 'REALITi Nano', 'Demo', 'Simscope Check']) {
    await expect(page.getByRole('cell', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('link', { name: 'Download ALSi' })).toHaveAttribute('href', '/api/prerelease/download/alsi');
  await expect(page.getByText('alsi.plist')).toBeVisible();
  await page.goto('/logout');
  await expect(page).toHaveURL(/\/login$/);

  await signIn(page, 'admin');
  await page.getByLabel('User menu').click();
  await page.getByRole('link', { name: 'Admin Dashboard' }).click();
  await expect(page).toHaveURL(/\/admin\/analytics$/);
});

test('sign out ends the session: protected pages go to /login afterwards', async ({ page }) => {
  await signIn(page, 'paramedic');
  await page.getByLabel('User menu').click();
  await page.getByRole('link', { name: 'Sign out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  // The device signs out at once and sends the sign-out to the server in the background:
  // the session ends on the server as soon as that request lands.
  await expect.poll(async () => (await page.request.get('/api/users/me')).status()).toBe(401);
  await page.goto('/me');
  await expect(page).toHaveURL(/\/login$/);
});

test('profile: details, register link with Copy, Link Organisation, favourites', async ({ page }) => {
  // The page's timers run on a clock the test can move on.
  await page.clock.install();
  const acc = await verifiedAccount(page.request);
  await signIn(page, acc.username, acc.password);
  await page.goto('/me');
  await expect(page.getByText(acc.username, { exact: true })).toBeVisible();
  await expect(page.getByText(acc.email, { exact: true })).toBeVisible();
  await expect(page.getByText('No favourite scenarios yet')).toBeVisible();

  // A blank code is flagged and nothing is sent; an unknown code shows the server's message beside the control.
  const code = page.getByLabel('Organisation code');
  await code.fill('   ');
  await page.getByRole('button', { name: 'Link Organisation' }).click();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByText('Organisation code is required')).toBeVisible();
  await code.fill('NO-SUCH-ORG');
  await page.getByRole('button', { name: 'Link Organisation' }).click();
  await expect(page.getByText('We could not find an organisation with that code.')).toBeVisible();
  await code.fill('csc-2026');
  await page.getByRole('button', { name: 'Link Organisation' }).click();
  await expect(page.getByText('Canberra Simulation Centre')).toBeVisible();
  await expect(page.getByLabel('Register link for your organisation')).toHaveValue(/\/register\?orgcode=CSC-2026$/);

  await page.getByRole('button', { name: 'Copy', exact: true }).click();
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  // The text goes back after 5 seconds (on the page's clock).
  await page.clock.runFor(4_000);
  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await page.clock.runFor(1_000);
  await expect(page.getByRole('button', { name: 'Copy', exact: true })).toBeVisible();
});

test('update details: Save needs a non-blank field; success and the new name', async ({ page }) => {
  const acc = await verifiedAccount(page.request);
  await signIn(page, acc.username, acc.password);
  await page.goto('/me/profile');
  const save = page.getByRole('button', { name: 'Save' });
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('   ');
  await expect(save).toBeDisabled();
  await page.getByLabel('First name').fill('Isla');
  await page.getByLabel('Telephone number').fill('+61 400 123 456');
  await save.click();
  await expect(page.getByText('Your details have been updated.')).toBeVisible();
  await page.goto('/me');
  await expect(page.getByRole('heading', { name: 'Isla Intern' })).toBeVisible();
  await expect(page.getByText('+61 400 123 456')).toBeVisible();

  await page.goto('/me/profile');
  await page.getByLabel('Telephone number').fill('call me');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByText('Whoops! We had some trouble updating your details')).toBeVisible();
});

test('change password sends a reset link to the signed-in user', async ({ page }) => {
  const acc = await verifiedAccount(page.request);
  await signIn(page, acc.username, acc.password);
  const before = mailsFor(acc.email).length;
  await page.goto('/me/password');
  await page.getByRole('button', { name: 'Send Me A Password Reset Link' }).click();
  await expect(page.getByText('We have sent you an email with further instructions.')).toBeVisible();
  const link = await newestLink(acc.email, before);
  expect(new URL(link).pathname).toBe('/password-update');
});

test("when the request cannot be sent, change password says 'There was a problem processing your request.'", async ({ page }) => {
  await signedIn(page, 'educator', '/me/password');
  await page.route('**/api/password/SendEmailLoggedIn', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Send Me A Password Reset Link' }).click();
  await expect(page.getByText('There was a problem processing your request.')).toBeVisible();
});

test("when the reset request cannot be sent, the modal says 'Couldn't reset password'", async ({ page }) => {
  await page.goto('/login');
  await page.route('**/api/password/SendEmail', (route) => route.abort('internetdisconnected'));
  await page.getByRole('button', { name: 'Forgotten Password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset Password' });
  await dialog.getByLabel('Email').fill('educator@community.example');
  await dialog.getByRole('button', { name: 'Reset Password' }).click();
  await expect(dialog.getByText("Couldn't reset password")).toBeVisible();
  // The button stays so the user can try again.
  await expect(dialog.getByRole('button', { name: 'Reset Password' })).toBeVisible();
});

test('support and downloads pages', async ({ page }) => {
  await signedIn(page, 'educator', '/me/support');
  for (const region of ['Australia', 'America', 'Europe']) await expect(page.getByRole('heading', { name: region })).toBeVisible();
  await page.goto('/me/downloads');
  await expect(page.getByRole('link', { name: 'Install CTGi 3.10.1' })).toBeVisible();
  await expect(page.getByText('Settings > General > VPN & Device Management')).toBeVisible();
});
