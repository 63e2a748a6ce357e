// Site search and finding your way: the top bar's search through each tab and page,
// accents and prefixes, users for admins only; Media, Downloads and Support from the menus; Terms
// keeps the top bar for a signed-in user; the web editor's links use the configured address.
import { expect, request as playwrightRequest, test, type Page } from '@playwright/test';
import { DEMO_PASSWORD, signedIn, signIn } from './support/auth';

const word = (label: string) => `${label}${Date.now().toString(36)}`;

/** Posts made through the API as a demo user (the data the test searches for). */
async function createPosts(baseURL: string, username: string, posts: { title: string; text?: string }[]) {
  const ctx = await playwrightRequest.newContext({ baseURL });
  expect((await ctx.post('/api/auth', { data: { username, password: DEMO_PASSWORD } })).ok()).toBeTruthy();
  for (const p of posts) {
    const res = await ctx.post('/api/forumpost/CreatePost', { data: { title: p.title, text: p.text ?? '' } });
    expect(res.status()).toBe(201);
  }
  await ctx.dispose();
}

/** Type into the top bar's search and press Enter: /search?q=<term>. */
async function searchFromTopBar(page: Page, term: string) {
  const box = page.getByLabel('Search the community');
  await box.fill(term);
  await box.press('Enter');
  await expect.poll(() => new URL(page.url()).pathname).toBe('/search');
  await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(term);
}

test.describe('site search', () => {
  test('searches from the top bar: the All tab, each tab, results pages and a post', async ({ page, baseURL }) => {
    const tag = word('zebrafish');
    await createPosts(baseURL!, 'educator', Array.from({ length: 23 }, (_, i) => ({ title: `Drill ${String(i + 1).padStart(2, '0')} ${tag}`, text: `Practice round ${i + 1}.` })));
    await signedIn(page, 'admin');
    await searchFromTopBar(page, tag.slice(0, -2));

    // All: five per kind, each with 'See all' to its tab; users and groups have their own empty states.
    await expect(page.getByRole('heading', { name: `Search results for “${tag.slice(0, -2)}”` })).toBeVisible();
    const posts = page.getByRole('region', { name: 'Posts' });
    await expect(posts.getByTestId('post-result')).toHaveCount(5);
    await expect(posts.locator('mark').first()).toHaveText(tag);
    await expect(page.getByRole('region', { name: 'Users' }).getByText('No users found')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Groups' }).getByText('No groups found')).toBeVisible();
    await posts.getByRole('link', { name: 'See all posts' }).click();

    // Posts: 20 per page, Prev / Next and page numbers.
    await expect(page).toHaveURL(/tab=posts/);
    await expect(page.getByRole('link', { name: 'Posts', exact: true })).toHaveAttribute('aria-current', 'page');
    await expect(page.getByText('23 results, showing 1-20')).toBeVisible();
    await expect(page.getByTestId('post-result')).toHaveCount(20);
    await expect(page.getByRole('button', { name: 'Prev' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(page.getByText('23 results, showing 21-23')).toBeVisible();
    await expect(page.getByTestId('post-result')).toHaveCount(3);
    await expect(page).toHaveURL(/page=1/);
    await page.getByRole('button', { name: 'Page 1' }).click();
    await expect(page.getByText('23 results, showing 1-20')).toBeVisible();

    // A result opens its post.
    await page.getByRole('link', { name: `Drill 23 ${tag}` }).click();
    await expect(page).toHaveURL(/\/post\/\d+$/);
    // The post page: the screen's heading and the post card both name the post.
    await expect(page.getByRole('heading', { name: `Drill 23 ${tag}`, level: 1 })).toHaveCount(1);
    await expect(page.getByTestId('post-card').getByRole('heading', { name: `Drill 23 ${tag}` })).toBeVisible();
    await expect(page.getByText('Practice round 23.')).toBeVisible();
    await page.goBack();

    // Groups and Users tabs, each with its empty state.
    await page.getByRole('link', { name: 'Groups', exact: true }).click();
    await expect(page.getByText('No groups found')).toBeVisible();
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    await expect(page.getByText('No users found')).toBeVisible();
  });

  test('ignores accents, matches prefixes and marks the match in the snippet', async ({ page, baseURL }) => {
    const tag = word('qx');
    await createPosts(baseURL!, 'paramedic', [{ title: `Reanimación neonatal ${tag}`, text: `Ventilación con presión positiva ${tag}` }]);
    await signedIn(page, 'educator');
    await searchFromTopBar(page, `reanimacion ${tag}`);
    const result = page.getByTestId('post-result');
    await expect(result).toHaveCount(1);
    await expect(result.locator('mark').first()).toHaveText('Reanimación');
    await searchFromTopBar(page, `ventil ${tag}`);
    await expect(page.getByTestId('post-result').locator('.search-snippet mark').first()).toHaveText('Ventilación');
    await expect(page.getByTestId('post-result').getByRole('link', { name: 'Paul Paramedic' })).toHaveAttribute('href', /\/view-user\/\d+$/);
  });

  test('users are searched by admins only, and a user result opens /view-user/:id', async ({ page }) => {
    await signIn(page, 'educator');
    await searchFromTopBar(page, 'paramedic');
    await expect(page.getByRole('link', { name: 'Users', exact: true })).toHaveCount(0);
    await expect(page.getByRole('region', { name: 'Users' })).toHaveCount(0);
    await page.goto('/search?q=paramedic&tab=users');
    await expect(page.getByRole('link', { name: 'All', exact: true })).toHaveAttribute('aria-current', 'page');
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);

    await signIn(page, 'admin');
    await searchFromTopBar(page, 'para');
    await page.getByRole('link', { name: 'Users', exact: true }).click();
    const user = page.getByTestId('user-result');
    await expect(user).toHaveCount(1);
    await expect(user.locator('mark').first()).toHaveText('Paramedic');
    await user.getByRole('link', { name: 'Paul Paramedic' }).click();
    await expect(page).toHaveURL(/\/view-user\/\d+$/);
    await expect(page.getByRole('heading', { name: 'Paul Paramedic' })).toBeVisible();
  });
});

test.describe('finding your way', () => {
  test('Media is beside Scenarios; Downloads and Support are in the user menu', async ({ page }) => {
    await signedIn(page, 'educator');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link')).toHaveText(['Home', 'Scenarios', 'Media', 'TMS']);
    await nav.getByRole('link', { name: 'Media' }).click();
    await expect(page).toHaveURL(/\/media$/);

    await page.getByLabel('User menu').click();
    await page.getByRole('link', { name: 'Downloads' }).click();
    await expect(page.getByRole('heading', { name: 'Downloads' })).toBeVisible();

    await page.getByLabel('User menu').click();
    await page.getByRole('link', { name: 'Support' }).click();
    await expect(page).toHaveURL(/\/me\/support$/);
    for (const region of ['Australia', 'America', 'Europe']) await expect(page.getByRole('region', { name: region })).toBeVisible();
    await expect(page.getByRole('link', { name: '+61 2 5550 1234' })).toHaveAttribute('href', 'tel:+61255501234');
    await expect(page.getByText(/000 0000/)).toHaveCount(0);
  });

  test('Terms and Privacy keep the top bar for a signed-in user', async ({ page }) => {
    await signedIn(page, 'educator');
    // Followed from the keyboard: the footer moves while the feed's pictures load, and a click at
    // where the link was a moment before can miss it.
    await page.getByRole('contentinfo').getByRole('link', { name: 'Terms and Conditions' }).press('Enter');
    // The page's code loads on the first visit: on a loaded machine that took over 10 s once.
    await expect(page.getByRole('heading', { name: 'Terms and Conditions' })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
    await expect(page).toHaveURL(/\/feed$/);
  });

  test('Create Scenario and Open in Editor go to the configured editor', async ({ page }) => {
    await signedIn(page, 'educator', '/scenarios');
    await page.getByText('Add Scenario').click();
    await expect(page.getByRole('link', { name: 'Create Scenario' })).toHaveAttribute('href', 'https://editor.isimulate.test/');
    await page.goto('/me/scenarios');
    await page.getByTestId('scenario-card').first().getByRole('link').first().click();
    await expect(page).toHaveURL(/\/scenario\//);
    const uuid = page.url().split('/scenario/')[1];
    await expect(page.getByRole('link', { name: 'Open in Editor' })).toHaveAttribute('href', `https://editor.isimulate.test/scenario/${uuid}`);
  });

  test('a user page gives public scenarios and favourites equal room at 1024 px', async ({ page }) => {
    await signedIn(page, 'paramedic');
    await page.getByRole('article').getByRole('link', { name: 'Emma Educator' }).first().click();
    await expect(page).toHaveURL(/\/view-user\//);
    const pub = await page.getByRole('region', { name: 'Public Scenarios' }).boundingBox();
    const fav = await page.getByRole('region', { name: 'Favourite Scenarios' }).boundingBox();
    expect(pub && fav).toBeTruthy();
    expect(Math.abs(pub!.width - fav!.width)).toBeLessThan(2);
    expect(fav!.width).toBeGreaterThan(400);
  });
});
