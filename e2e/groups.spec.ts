// Forum groups end to end: create an invite-only moderated group, invite an existing user
// and an unknown address (who registers through the mailed link), accept and decline invites, ask to
// join and be approved or declined, post and have posts approved or declined, assign a moderator,
// leave (the creator may not), delete the group, and post offline. Every group message of spec
// section 8 is asserted as the user sees it.
import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { expect, request as playwrightRequest, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signedIn, signIn, type DemoUser } from './support/auth';
import { startNetSwitch, type NetSwitch } from './support/net-switch';
import { e2eDataDir as dataDir, e2ePort } from './support/servers';
const mailDir = path.join(dataDir, 'mail');
const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function apiAs(baseURL: string, username: string, password = DEMO_PASSWORD): Promise<APIRequestContext> {
  const ctx = await playwrightRequest.newContext({ baseURL });
  const res = await ctx.post('/api/auth', { data: { username, password } });
  expect(res.ok()).toBeTruthy();
  return ctx;
}

/** A group made through the API (for tests about something else than creating one). */
async function apiGroup(api: APIRequestContext, name: string, membershipType: 0 | 1, postingType: 'allowAll' | 'requireModeration') {
  const res = await api.post('/api/forumgroup/creategroup', { data: { name, description: `${name}: set up by the test`, membershipType, postingType } });
  expect(res.status()).toBe(201);
  return (await res.json()) as { id: number; name: string };
}

/** Bring a demo user into a group the way the product does: an invite, accepted. */
async function addMember(owner: APIRequestContext, baseURL: string, groupId: number, username: string) {
  expect((await owner.post(`/api/forumgroup/sendinvites/${groupId}`, { data: { email: `${username}@community.example` } })).ok()).toBeTruthy();
  const member = await apiAs(baseURL, username);
  expect((await member.post(`/api/forumgroup/acceptinvite/${groupId}`)).ok()).toBeTruthy();
  return member;
}

function mailsFor(address: string): string[] {
  if (!fs.existsSync(mailDir)) return [];
  const safe = address.replace(/[^a-z0-9@._-]/gi, '_');
  return fs.readdirSync(mailDir).filter((f) => f.includes(safe)).sort();
}

/** The first link of the newest mail to `address` once there are more than `after`. */
async function newestLink(address: string, after = 0): Promise<{ link: string; text: string }> {
  let files: string[] = [];
  await expect.poll(() => (files = mailsFor(address)).length, { message: `a mail to ${address}` }).toBeGreaterThan(after);
  const text = fs.readFileSync(path.join(mailDir, files[files.length - 1]), 'utf8').replace(/=\r?\n/g, '').replace(/=3D/g, '=');
  const link = text.match(/https?:\/\/[^\s"<]+/)?.[0];
  expect(link, 'a link in the mail').toBeTruthy();
  return { link: link!, text };
}

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });
const dialog = (page: Page, name: string) => page.getByRole('dialog', { name });

async function newPage(browser: Browser, username: DemoUser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signedIn(page, username);
  return { page, close: () => context.close() };
}

async function openTab(page: Page, groupId: number, tab: RegExp) {
  await page.goto(`/forum/edit/${groupId}`);
  await page.getByRole('tab', { name: tab }).click();
}

test.describe('forum groups', () => {
  test('creates an invite-only group that requires moderation; a blank name is flagged; a new group shows its empty states', async ({ page }) => {
    await signedIn(page, 'educator', '/me/forum/groups');
    await page.getByRole('link', { name: 'Create Group' }).click();
    await expect(page).toHaveURL(/\/forum\/create$/);
    await page.getByLabel('Name').fill('   ');
    await page.getByRole('button', { name: 'Create Group' }).click();
    await expect(page.getByText('Please enter a group name')).toBeVisible();
    await expect(page.getByLabel('Name')).toHaveAttribute('aria-invalid', 'true');

    const name = unique('Night shift educators');
    await page.getByLabel('Name').fill(`  ${name}  `);
    await page.getByLabel('Description').fill('Simulation on the night shift.');
    await page.getByLabel(/Invite only/).check();
    await page.getByLabel(/Require moderation/).check();
    await page.getByRole('button', { name: 'Create Group' }).click();
    const created = dialog(page, 'Created!');
    await expect(created.getByText('Your group has been created.')).toBeVisible();
    await created.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/forum\/group\/\d+$/);
    const groupId = Number(page.url().split('/').pop());
    await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
    await expect(page.getByText('No posts in group')).toBeVisible();
    const side = page.locator('.group-side');
    await expect(side.getByText('Invite only')).toBeVisible();
    await expect(side.getByText('Approved by a moderator')).toBeVisible();
    // The creator is told so, not shown a greyed 'Already Member'.
    await expect(side.getByText('You created this group')).toBeVisible();

    await page.getByRole('link', { name: 'Manage' }).click();
    await expect(page.getByRole('tab', { name: 'Update details' })).toHaveAttribute('aria-selected', 'true');
    await expect(page.getByLabel('Name')).toHaveValue(name);
    await page.getByRole('tab', { name: 'Members' }).click();
    await expect(page.getByRole('region', { name: 'Owner' }).getByText('Emma Educator')).toBeVisible();
    await expect(page.getByText('No moderators')).toBeVisible();
    await expect(page.getByText('No users')).toBeVisible();
    await page.getByRole('tab', { name: /Post requests/ }).click();
    await expect(page.getByText('No post requests for group')).toBeVisible();
    await page.getByRole('tab', { name: /Join requests/ }).click();
    await expect(page.getByText('No join requests for group')).toBeVisible();

    await page.goto('/me/forum/groups');
    const row = page.getByRole('row', { name: new RegExp(name) });
    await expect(row.getByRole('cell', { name: 'Creator' })).toBeVisible();
    expect(groupId).toBeGreaterThan(0);
  });

  test('invites an existing user and an unknown address; the newcomer registers through the mailed link and accepts, the other declines', async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'educator');
    const group = await apiGroup(owner, unique('ALS faculty'), 1, 'requireModeration');
    const newcomer = { username: `ned${Date.now().toString(36)}`, email: `ned.${Date.now().toString(36)}@example.test` };

    await signedIn(page, 'educator');
    await openTab(page, group.id, /^Members$/);
    const email = page.getByLabel('Invite by email');
    await email.fill('not-an-email');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText('Please enter a valid email address')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill('tester@community.example');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(toast(page, 'Invite sent.')).toBeVisible();
    await expect(email).toHaveValue('');
    // A failed invite flags the field too.
    await email.fill('tester@community.example');
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(page.getByText('That address has already been invited to this group')).toBeVisible();
    await expect(email).toHaveAttribute('aria-invalid', 'true');

    await email.fill(newcomer.email);
    await page.getByRole('button', { name: 'Send Invite' }).click();
    await expect(toast(page, 'Invite sent.')).toBeVisible();
    const invites = page.getByRole('region', { name: 'Pending invites' });
    await expect(invites.getByText(newcomer.email)).toBeVisible();
    await expect(invites.getByText('Theo Tester (tester@community.example)')).toBeVisible();

    // The existing user declines.
    const tester = await newPage(browser, 'tester');
    await tester.page.goto('/me/forum/groups');
    const invite = tester.page.getByRole('listitem', { name: `Invite to ${group.name}` });
    await expect(invite.getByText('invited by Emma Educator')).toBeVisible();
    await invite.getByRole('button', { name: 'Decline Invite' }).click();
    await expect(toast(tester.page, "You didn't join the group")).toBeVisible();
    await expect(invite).toHaveCount(0);
    await tester.close();

    // The unknown address is invited to register; after verifying, the invite is waiting.
    const mail = await newestLink(newcomer.email);
    expect(new URL(mail.link).pathname).toBe('/register');
    expect(mail.text).toContain('Emma Educator invited you to join the group');
    const context = await browser.newContext();
    const ned = await context.newPage();
    await ned.goto(mail.link);
    await ned.getByLabel('First name').fill('Ned');
    await ned.getByLabel('Last name').fill('Newcomer');
    await ned.getByLabel('Email').fill(newcomer.email);
    await ned.getByLabel('Username').fill(newcomer.username);
    await ned.getByLabel('Password', { exact: true }).fill('Secret123');
    await ned.getByLabel('Confirm password').fill('Secret123');
    await ned.getByRole('button', { name: 'Register' }).click();
    await expect(ned.getByRole('heading', { name: 'Thanks for registering!' })).toBeVisible();
    const verify = await newestLink(newcomer.email, 1);
    await ned.goto(verify.link);
    await expect(ned).toHaveURL(/\/login\?verified=true$/);
    await signIn(ned, newcomer.username, 'Secret123');
    await ned.goto('/me/forum/groups');
    const waiting = ned.getByRole('listitem', { name: `Invite to ${group.name}` });
    await waiting.getByRole('button', { name: 'Accept Invite' }).click();
    await expect(toast(ned, 'You joined the group')).toBeVisible();
    await expect(ned.getByRole('row', { name: new RegExp(group.name) }).getByRole('cell', { name: 'Member' })).toBeVisible();
    await context.close();
  });

  test("an invited user's notification leads to the invite; accepting from the group page joins", async ({ page, baseURL }) => {
    const owner = await apiAs(baseURL!, 'paramedic');
    const group = await apiGroup(owner, unique('Retrieval team'), 1, 'allowAll');
    expect((await owner.post(`/api/forumgroup/sendinvites/${group.id}`, { data: { email: 'provisioner@community.example' } })).ok()).toBeTruthy();
    await signedIn(page, 'provisioner');
    await page.getByLabel(/^Notifications/).click();
    await page.getByRole('button', { name: new RegExp(`invited you to join ${group.name}`) }).click();
    await expect(page).toHaveURL(/\/me\/forum\/groups$/);
    await page.getByRole('link', { name: group.name }).click();
    await page.getByRole('button', { name: 'Accept Invite' }).click();
    await expect(toast(page, 'You joined the group')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Already Member' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Create a post' })).toBeVisible();
  });

  test('asks to join an invite-only group with a message; the owner approves one request and declines another', async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'paramedic');
    const group = await apiGroup(owner, unique('Flight paramedics'), 1, 'requireModeration');
    const admin = await apiAs(baseURL!, 'admin');
    expect((await admin.post(`/api/forumgroup/requestToJoinGroup/${group.id}`, { data: {} })).ok()).toBeTruthy();

    await signedIn(page, 'tester', `/forum/group/${group.id}`);
    await expect(page.getByText('The posts of an invite-only group are visible to its members.')).toBeVisible();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    const ask = dialog(page, `Ask to join ${group.name}`);
    await ask.getByLabel(/Message for the group admins/).fill('I fly with the rescue helicopter.');
    await ask.getByRole('button', { name: 'Send Request' }).click();
    await expect(toast(page, 'Join request sent')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Request Sent' })).toBeDisabled();

    const lead = await newPage(browser, 'paramedic');
    await lead.page.goto(`/forum/group/${group.id}`);
    await lead.page.getByRole('link', { name: /Manage/ }).click();
    await expect(lead.page.getByRole('tab', { name: 'Join requests 2' })).toBeVisible();
    await lead.page.getByRole('tab', { name: /Join requests/ }).click();
    const fromTester = lead.page.getByRole('listitem', { name: 'Join request from Theo Tester' });
    await expect(fromTester.getByText('I fly with the rescue helicopter.')).toBeVisible();
    await fromTester.getByRole('button', { name: 'Approve' }).click();
    await expect(toast(lead.page, 'Join request approved')).toBeVisible();
    await lead.page.getByRole('listitem', { name: 'Join request from Adam Admin' }).getByRole('button', { name: 'Decline' }).click();
    await expect(toast(lead.page, 'Join request declined')).toBeVisible();
    await expect(lead.page.getByText('No join requests for group')).toBeVisible();
    await lead.page.getByRole('tab', { name: 'Moderation log' }).click();
    await expect(lead.page.getByText("Paul Paramedic approved Theo Tester's join request")).toBeVisible();
    await expect(lead.page.getByText("Paul Paramedic declined Adam Admin's join request")).toBeVisible();
    await lead.close();

    // The requester is told (on their next visit; the bell polls every minute) and follows the
    // notification to the group, now a member.
    const requester = await newPage(browser, 'tester');
    await requester.page.getByLabel(/^Notifications/).click();
    await requester.page.getByRole('button', { name: new RegExp(`Join request approved.*${group.name}`) }).click();
    await expect(requester.page).toHaveURL(new RegExp(`/forum/group/${group.id}$`));
    await expect(requester.page.getByRole('button', { name: 'Already Member' })).toBeVisible();
    await expect(requester.page.getByText('No posts in group')).toBeVisible();
    await requester.close();
  });

  test('joins an open group directly and sees it in the feed\'s My Groups', async ({ page, baseURL }) => {
    const owner = await apiAs(baseURL!, 'admin');
    const group = await apiGroup(owner, unique('Open ECG club'), 0, 'allowAll');
    await signedIn(page, 'provisioner', `/forum/group/${group.id}`);
    await expect(page.getByRole('region', { name: 'Owner' }).getByText('Adam Admin')).toBeVisible();
    await page.getByRole('button', { name: 'Join', exact: true }).click();
    await expect(toast(page, 'You joined the group')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Already Member' })).toBeDisabled();
    await page.goto('/feed');
    await expect(page.getByRole('region', { name: 'My Groups' }).getByRole('link', { name: group.name })).toBeVisible();
  });

  test("the feed's My Groups card shows a failure instead of an empty list", async ({ page }) => {
    await page.route('**/api/forumgroup/mygroups', (route) => route.fulfill({ status: 503, contentType: 'application/json', body: JSON.stringify({ message: 'Groups are unavailable right now' }) }));
    // Through the form: the feed is then reached in the page, so its groups are asked for over the
    // network (a feed loaded afresh carries them in the page itself).
    await signIn(page, 'educator');
    const card = page.getByRole('region', { name: 'My Groups' });
    await expect(card.getByRole('alert')).toHaveText('Groups are unavailable right now', { timeout: 20_000 });
    await expect(card.getByText('You have not joined any groups yet')).toHaveCount(0);
  });

  test("a member's posts wait for approval; the owner approves one and declines the other; the approved one shows with its group in the feed", async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'paramedic');
    const group = await apiGroup(owner, unique('Moderated sim leads'), 1, 'requireModeration');
    await addMember(owner, baseURL!, group.id, 'tester');

    await signedIn(page, 'tester', `/forum/group/${group.id}`);
    const titles = [unique('Pacing workshop'), unique('Off-topic advert')];
    for (const title of titles) {
      await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Post', exact: true }).click();
      const modal = dialog(page, 'Create Post');
      await modal.getByLabel('Title').fill(title);
      await modal.getByRole('button', { name: 'Post', exact: true }).click();
      await expect(toast(page, 'Post created!')).toBeVisible();
    }
    const pending = page.getByRole('region', { name: 'My Pending Posts' });
    for (const title of titles) await expect(pending.getByRole('article', { name: title }).getByText('Waiting for approval')).toBeVisible();
    await expect(page.getByText('No posts in group')).toBeVisible();

    const lead = await newPage(browser, 'paramedic');
    await openTab(lead.page, group.id, /Post requests/);
    await expect(lead.page.getByRole('tab', { name: 'Post requests 2' })).toBeVisible();
    await lead.page.getByRole('article', { name: titles[0] }).getByRole('button', { name: 'Approve' }).click();
    await expect(toast(lead.page, 'Post approved.')).toBeVisible();
    await lead.page.getByRole('article', { name: titles[1] }).getByRole('button', { name: 'Decline' }).click();
    await expect(toast(lead.page, 'Post declined.')).toBeVisible();
    await expect(lead.page.getByText('No post requests for group')).toBeVisible();
    await lead.close();

    await page.reload();
    await expect(page.getByRole('region', { name: 'My Pending Posts' })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article', { name: titles[0] })).toBeVisible();
    await expect(page.getByRole('article', { name: titles[1] })).toHaveCount(0);
    await page.goto('/feed');
    const card = page.getByRole('article', { name: titles[0] });
    await expect(card.getByRole('link', { name: group.name })).toBeVisible();
    await expect(card.getByText('shared a post')).toBeVisible();
  });

  test("a group post may attach my private scenario, which the group's members can open; the feed's picker offers only public ones", async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'educator');
    const group = await apiGroup(owner, unique('Neonatal team'), 1, 'allowAll');
    await addMember(owner, baseURL!, group.id, 'paramedic');
    const privateName = 'Newborn needing inflation breaths';

    await signedIn(page, 'educator');
    // The feed's picker: only public, readable scenarios.
    await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Scenario', exact: true }).click();
    const feedRequest = page.waitForRequest((r) => r.url().includes('/api/scenarios/myunpostedscenarios/'));
    await page.getByRole('button', { name: 'Scenario from Library' }).click();
    expect(new URL((await feedRequest).url()).searchParams.get('scope')).toBe('feed');
    const feedPicker = page.getByRole('list', { name: 'Your scenarios' });
    await expect(feedPicker.getByRole('button').first()).toBeVisible();
    await expect(feedPicker.getByRole('button', { name: privateName })).toHaveCount(0);
    await expect(feedPicker.getByRole('button', { name: 'corrupted-export' })).toHaveCount(0);
    const feedLibrary = (await (await page.request.get('/api/scenarios/myunpostedscenarios/0/100?scope=feed')).json()) as { scenarios: { name: string; privacy_level: number }[] };
    expect(feedLibrary.scenarios.length).toBeGreaterThan(0);
    expect(feedLibrary.scenarios.every((x) => x.privacy_level === 2)).toBe(true);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.goto(`/forum/group/${group.id}`);
    await page.getByRole('region', { name: 'Create a post' }).getByRole('button', { name: 'Scenario', exact: true }).click();
    await page.getByRole('button', { name: 'Scenario from Library' }).click();
    const picker = page.getByRole('dialog', { name: 'Scenario from Library' });
    // Private scenarios are offered for a group post; go to the picker page that holds this one.
    const library = (await (await page.request.get('/api/scenarios/myunpostedscenarios/0/100?scope=group')).json()) as { scenarios: { name: string }[] };
    const index = library.scenarios.findIndex((x) => x.name === privateName);
    expect(index).toBeGreaterThanOrEqual(0);
    const pageNo = Math.floor(index / 6) + 1;
    if (pageNo > 1) await picker.getByRole('button', { name: `Page ${pageNo}` }).click();
    await picker.getByRole('button', { name: privateName }).click();
    const title = unique('Our newborn case');
    await dialog(page, 'Create Post').getByLabel('Title').fill(title);
    await dialog(page, 'Create Post').getByRole('button', { name: 'Post', exact: true }).click();
    await expect(toast(page, 'Post created!')).toBeVisible();

    const member = await newPage(browser, 'paramedic');
    await member.page.goto(`/forum/group/${group.id}`);
    await member.page.getByRole('article', { name: title }).getByRole('link', { name: privateName }).click();
    await expect(member.page.getByRole('heading', { name: privateName })).toBeVisible();
    await expect(member.page.getByRole('button', { name: /Download/ }).first()).toBeVisible();
    await member.close();
  });

  test('assigns a moderator, updates the details; a member leaves, the creator is not offered to; the owner deletes the group', async ({ page, browser, baseURL }) => {
    const owner = await apiAs(baseURL!, 'educator');
    const group = await apiGroup(owner, unique('Skills lab'), 0, 'allowAll');
    for (const u of ['paramedic', 'tester']) expect((await (await apiAs(baseURL!, u)).post(`/api/forumgroup/joinopengroup/${group.id}`)).ok()).toBeTruthy();

    await signedIn(page, 'educator');
    await openTab(page, group.id, /^Members$/);
    await page.getByRole('button', { name: 'Add Moderators' }).click();
    await expect(page.getByText('Select at least one user')).toBeVisible();
    await expect(page.getByLabel('Make moderators')).toHaveAttribute('aria-invalid', 'true');
    await page.getByLabel('Make moderators').selectOption({ label: 'Paul Paramedic' });
    await page.getByRole('button', { name: 'Add Moderators' }).click();
    await expect(toast(page, 'Your changes have been saved.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Moderators' }).getByText('Paul Paramedic')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Users' }).getByText('Paul Paramedic')).toHaveCount(0);

    await page.getByRole('tab', { name: 'Update details' }).click();
    const renamed = `${group.name} renamed`;
    await page.getByLabel('Name').fill(renamed);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toast(page, 'Your group has been updated.')).toBeVisible();
    await expect(page.getByRole('heading', { name: `Manage ${renamed}` })).toBeVisible();

    // The moderator may manage the group too.
    const mod = await newPage(browser, 'paramedic');
    await mod.page.goto('/me/forum/groups');
    await mod.page.getByLabel(`Options for ${renamed}`).click();
    await expect(mod.page.getByRole('link', { name: 'Manage Group' })).toBeVisible();
    await mod.close();

    // A member leaves after the warning.
    const member = await newPage(browser, 'tester');
    await member.page.goto('/me/forum/groups');
    await expect(member.page.getByRole('row', { name: new RegExp(renamed) }).getByRole('cell', { name: 'Member' })).toBeVisible();
    await member.page.getByLabel(`Options for ${renamed}`).click();
    await expect(member.page.getByRole('link', { name: 'Manage Group' })).toHaveCount(0);
    await member.page.getByRole('button', { name: 'Leave Group' }).click();
    const confirmLeave = dialog(member.page, `Leave ${renamed}?`);
    await expect(confirmLeave.getByText('You may not be able to join again without permission.')).toBeVisible();
    await confirmLeave.getByRole('button', { name: 'Leave Group' }).click();
    await expect(toast(member.page, 'You left the group.')).toBeVisible();
    await expect(member.page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await member.close();

    // The creator may not leave, so is not offered to: not in My Groups, not on the group page
    // (where a greyed 'Already Member' would say nothing either).
    await page.goto('/me/forum/groups');
    await page.getByLabel(`Options for ${renamed}`).click();
    await expect(page.getByRole('link', { name: 'Manage Group' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave Group' })).toHaveCount(0);
    await page.goto(`/forum/group/${group.id}`);
    await expect(page.getByRole('heading', { name: renamed, level: 1 })).toBeVisible();
    await expect(page.getByText('You created this group')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Leave Group' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Already Member' })).toHaveCount(0);

    // The owner deletes it.
    await page.goto(`/forum/edit/${group.id}`);
    await page.getByRole('button', { name: 'Delete Group' }).click();
    await dialog(page, 'Delete group').getByRole('button', { name: 'Delete Group' }).click();
    const deleted = dialog(page, 'Deleted!');
    await expect(deleted.getByText('Group deleted.')).toBeVisible();
    await deleted.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(/\/me\/forum\/groups$/);
    await expect(page.getByRole('row', { name: new RegExp(renamed) })).toHaveCount(0);
    await page.goto(`/forum/group/${group.id}`);
    await expect(page.getByRole('heading', { name: 'Group not found' })).toBeVisible();
  });

  test('at iPad portrait width (820 px) the group-edit tabs stay on one line', async ({ page }) => {
    await page.setViewportSize({ width: 820, height: 1180 });
    await signedIn(page, 'educator');
    const created = await page.request.post('/api/forumgroup/creategroup', {
      headers: { Origin: new URL(page.url()).origin },
      data: { name: unique('Tabs on one line'), membershipType: 1, postingType: 'requireModeration' },
    });
    expect(created.status()).toBe(201);
    const groupId = ((await created.json()) as { id: number }).id;
    await page.goto(`/forum/edit/${groupId}`);
    const tabs = page.getByRole('tab');
    await expect(tabs.last()).toHaveText(/Moderation log/);
    const tops = await tabs.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(new Set(tops).size).toBe(1);
    // Nothing is cut off: every tab is inside the list's box.
    const fits = await page.getByRole('tablist').evaluate((el) => el.scrollWidth <= el.clientWidth);
    expect(fits).toBe(true);
  });

  test("a group whose owner's membership is gone shows 'No owner'", async ({ page, baseURL }) => {
    const owner = await apiAs(baseURL!, 'admin');
    const group = await apiGroup(owner, unique('Orphaned group'), 0, 'allowAll');
    // The API never removes a creator; take the row away underneath to see the empty state.
    const db = new SQLite(path.join(dataDir, 'community.sqlite'));
    db.pragma('busy_timeout = 5000');
    db.prepare('DELETE FROM group_members WHERE group_id = ?').run(group.id);
    db.close();
    await signedIn(page, 'educator', `/forum/group/${group.id}`);
    await expect(page.getByRole('region', { name: 'Owner' }).getByText('No owner')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Moderators' }).getByText('No moderators')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Users' }).getByText('No users')).toBeVisible();
  });
});

test.describe('group posts offline', () => {
  let net: NetSwitch;
  test.beforeAll(async () => {
    net = await startNetSwitch(e2ePort, e2ePort + 1000);
  });
  test.afterAll(async () => {
    await net?.close();
  });
  test.use({ baseURL: `http://localhost:${e2ePort + 1000}` });

  test('a group post written offline waits in the outbox and appears in the group once the network returns', async ({ page, baseURL }) => {
    const owner = await apiAs(baseURL!, 'educator');
    const group = await apiGroup(owner, unique('Offline-friendly group'), 0, 'allowAll');
    await signedIn(page, 'educator', `/forum/group/${group.id}`);
    await expect(page.getByText('No posts in group')).toBeVisible();

    // The app's code has finished loading (parts of it load beside the first screen).
    await page.waitForLoadState('networkidle');
    net.setOnline(false);
    await page.evaluate(() => window.dispatchEvent(new Event('offline')));
    await expect(page.getByTestId('offline-status').getByText('You are offline')).toBeVisible();
    const title = unique('Written in the ambulance bay');
    await page.getByRole('button', { name: `Share something with ${group.name}...` }).click();
    await dialog(page, 'Create Post').getByLabel('Title').fill(title);
    await dialog(page, 'Create Post').getByRole('button', { name: 'Post', exact: true }).click();
    const pending = page.getByTestId('pending-post').filter({ hasText: title });
    await expect(pending.getByText('Waiting to sync')).toBeVisible();
    // The feed's pending list is for feed posts only.
    expect(await page.getByTestId('pending-post').count()).toBe(1);

    net.setOnline(true);
    await page.evaluate(() => window.dispatchEvent(new Event('online')));
    await expect(page.getByRole('region', { name: 'Posts' }).getByRole('article', { name: title })).toBeVisible({ timeout: 30_000 });
    await expect(pending).toHaveCount(0);
    const res = await owner.get(`/api/forumpost/GetGroupPosts/${group.id}`);
    expect(((await res.json()) as { posts: { title: string }[] }).posts.filter((p) => p.title === title)).toHaveLength(1);
  });
});
