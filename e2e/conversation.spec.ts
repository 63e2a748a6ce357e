// Mentions and 'Helpful': a reply mentions someone through the autocomplete (keyboard only), the
// mention links to their profile and tells them; a reader marks the post helpful and sees the
// count and who reacted; the feed sorts by most helpful.
import { expect, test } from '@playwright/test';
import { apiAs, signedIn } from './support/auth';

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('mention through the autocomplete, mark helpful, see the count and who; the mentioned person is told', async ({ page, browser, baseURL }) => {
  const educator = await apiAs(baseURL!, 'educator');
  const title = unique('Pacing pads placement');
  const post = (await (await educator.post('/api/forumpost/CreatePost', { data: { title, text: 'Anterior-posterior or anterior-lateral?' } })).json()) as { id: number };

  await signedIn(page, 'paramedic', `/post/${post.id}`);
  const box = page.getByRole('combobox', { name: 'Write a reply' });
  await box.click();
  await page.keyboard.type('Ask @educ');
  await expect(box).toHaveAttribute('aria-expanded', 'true');
  const list = page.getByRole('listbox', { name: 'People you can mention' });
  const option = list.getByRole('option', { name: /Emma Educator @educator/ });
  await expect(option).toBeVisible();
  await expect(option).toHaveAttribute('aria-selected', 'true');
  await expect(box).toHaveAttribute('aria-activedescendant', (await option.getAttribute('id'))!);
  for (const width of [390, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/conversation-mention-${width}.png` });
  }
  // Escape closes the list only; typing on opens it again; Enter picks.
  await page.keyboard.press('Escape');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.type('a');
  await expect(option).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(box).toHaveValue('Ask @educator ');
  await expect(box).toHaveAttribute('aria-expanded', 'false');
  await page.keyboard.type('about anterior-posterior.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  const reply = page.getByTestId('reply').filter({ hasText: 'about anterior-posterior' });
  await expect(reply.getByRole('link', { name: '@educator' })).toHaveAttribute('href', /\/view-user\/[0-9a-f-]{36}$/);

  // Helpful on the post: pressed, counted, and who reacted is listed.
  const article = page.getByRole('article', { name: title });
  const helpful = article.getByRole('button', { name: 'Helpful', exact: true });
  await expect(helpful).toHaveAttribute('aria-pressed', 'false');
  await helpful.click();
  await expect(helpful).toHaveAttribute('aria-pressed', 'true');
  const count = article.getByText('1 person found this helpful');
  await expect(count).toBeVisible();
  await count.click();
  await expect(article.getByRole('group', { name: 'Found helpful by' }).getByRole('link', { name: 'Paul Paramedic' })).toBeVisible();
  for (const width of [390, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/conversation-helpful-${width}.png` });
  }
  // On the feed card too (through the app's own link); pressing again takes it back.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/feed$/);
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('1 person found this helpful')).toBeVisible();
  await card.getByRole('button', { name: 'Helpful', exact: true }).click();
  await expect(card.getByRole('button', { name: 'Helpful', exact: true })).toHaveAttribute('aria-pressed', 'false');
  await expect(card.getByText(/found this helpful/)).toHaveCount(0);
  await card.getByRole('button', { name: 'Helpful', exact: true }).click();
  await expect(card.getByText('1 person found this helpful')).toBeVisible();

  // The educator is told of the mention and of the reaction, and the mention opens the reply.
  const context = await browser.newContext();
  const other = await context.newPage();
  await signedIn(other, 'educator');
  await other.getByLabel(/^Notifications/).click();
  await expect(other.getByRole('button', { name: new RegExp(`Paul Paramedic found your post "${title}" helpful`) })).toBeVisible();
  await other.getByRole('button', { name: new RegExp(`Paul Paramedic mentioned you in "${title}"`) }).click();
  await expect(other).toHaveURL(new RegExp(`/post/${post.id}#reply-\\d+$`));
  await expect(other.getByTestId('reply').filter({ hasText: 'about anterior-posterior' })).toBeVisible();
  await context.close();
  await educator.dispose();
});

test('the feed sorts by most helpful of the last 30 days, kept in the address', async ({ page, baseURL }) => {
  await signedIn(page, 'educator');
  const sort = page.getByLabel('Sort posts');
  await expect(sort).toHaveValue('newest');
  await sort.selectOption('helpful');
  await expect(page).toHaveURL(/\/feed\?sort=helpful$/);
  const api = await apiAs(baseURL!, 'educator');
  const expected = (await (await api.get('/api/forumpost/GetPosts/0/5/-1?sort=helpful')).json()) as { posts: { title: string; helpful_count: number }[] };
  await expect(page.getByTestId('post-card').first()).toHaveAccessibleName(expected.posts[0].title);
  expect(expected.posts.map((p) => p.helpful_count)).toEqual([...expected.posts.map((p) => p.helpful_count)].sort((a, b) => b - a));
  await page.reload();
  await expect(page.getByLabel('Sort posts')).toHaveValue('helpful');
  await api.dispose();
});
