// Replies: write one on the post page, answer a reply (quoted), see the count and the newest
// replies on the feed card, delete one (its quote says so), and a reply written offline is sent
// once when the network is back.
import { expect, test, type Page } from '@playwright/test';
import { apiAs, signedIn, unique } from './support/auth';
import { partsFetchedAhead } from './support/offline-state';

/** The writes in the page's outbox (IndexedDB) still to be sent: queued or being sent. */
async function unsent(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const open = indexedDB.open('community-offline');
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    try {
      const items = await new Promise<{ state: string }[]>((resolve, reject) => {
        const all = db.transaction('outbox').objectStore('outbox').getAll();
        all.onsuccess = () => resolve(all.result as { state: string }[]);
        all.onerror = () => reject(all.error);
      });
      return items.filter((item) => item.state === 'queued' || item.state === 'sending').length;
    } finally {
      db.close();
    }
  });
}

test('reply, answer a reply, see it on the feed card, delete it', async ({ page, baseURL }) => {
  const educator = await apiAs(baseURL!, 'educator');
  const title = unique('Airway question');
  const post = (await (await educator.post('/api/forumpost/CreatePost', { data: { title, text: 'How do you run the airway drill?' } })).json()) as { id: number };
  await educator.post(`/api/post/${post.id}/replies`, { data: { text: 'We start with a bag-valve mask.' } });

  await signedIn(page, 'paramedic', `/post/${post.id}`);
  await expect(page.getByRole('heading', { name: /Replies/ })).toBeVisible();
  const thread = page.getByRole('region', { name: /Replies/ });
  await expect(thread.getByTestId('reply')).toHaveCount(1);
  await thread.getByRole('button', { name: /^Reply to / }).click();
  await expect(page.getByText(/Replying to /)).toBeVisible();
  await page.getByRole('combobox', { name: 'Write a reply' }).fill('And then an i-gel if the seal is poor.');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(thread.getByTestId('reply')).toHaveCount(2);
  const answer = thread.getByTestId('reply').nth(1);
  await expect(answer.locator('blockquote')).toContainText('We start with a bag-valve mask.');

  for (const width of [390, 768, 1024]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: `test-results/replies-post-${width}.png`, fullPage: true });
  }

  // The feed card: the count and the newest two.
  await page.goto('/feed');
  const card = page.getByRole('article', { name: title });
  await expect(card.getByText('2 replies')).toBeVisible();
  await expect(card.getByTestId('reply')).toHaveCount(2);
  await page.screenshot({ path: 'test-results/replies-feed-1024.png' });

  // The educator deletes their reply: the answer now quotes 'This reply was deleted'.
  const first = (await (await educator.get(`/api/post/${post.id}/replies`)).json()) as { replies: { id: number }[] };
  expect((await educator.delete(`/api/reply/${first.replies[0].id}`)).ok()).toBeTruthy();
  await page.goto(`/post/${post.id}`);
  await expect(page.getByTestId('reply')).toHaveCount(1);
  await expect(page.getByTestId('reply').locator('blockquote')).toHaveText('This reply was deleted');
  await educator.dispose();
});

test('a reply written offline is sent once when the network is back', async ({ page, context, baseURL }) => {
  const educator = await apiAs(baseURL!, 'educator');
  const post = (await (await educator.post('/api/forumpost/CreatePost', { data: { title: unique('Offline thread'), text: 'x' } })).json()) as { id: number };
  await signedIn(page, 'paramedic', `/post/${post.id}`);
  await expect(page.getByText('No replies yet. Be the first to answer.')).toBeVisible();
  await partsFetchedAhead(page);
  await context.setOffline(true);
  await page.getByRole('combobox', { name: 'Write a reply' }).fill('Written on the train');
  await page.getByRole('button', { name: 'Send reply' }).click();
  await expect(page.getByText('Your reply is saved on this device and will be sent when you are back online.')).toBeVisible();
  await context.setOffline(false);
  await expect.poll(async () => ((await (await educator.get(`/api/post/${post.id}/replies`)).json()) as { total: number }).total, { timeout: 30_000 }).toBe(1);
  // Still one once nothing in the outbox is left to send and the replay loop has run once more.
  await expect.poll(() => unsent(page)).toBe(0);
  await page.evaluate(() => window.dispatchEvent(new PageTransitionEvent('pageshow')));
  await page.waitForLoadState('networkidle');
  expect(((await (await educator.get(`/api/post/${post.id}/replies`)).json()) as { total: number }).total).toBe(1);
  await educator.dispose();
});
