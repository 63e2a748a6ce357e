// The API's answers to the first screen's first requests, written into the page by the server
// (shared/first-answers.ts). They are the first screen's only: who is signed in goes to the early
// check (lib/current-user.ts), the rest into the query cache from the screen's route loader
// (app/screen-loaders.ts), and whatever is left then is dropped. Nothing else reads them: every
// later request asks the server. They are read only once the request gate has let the page ask
// (a sign-out made offline is sent first, and drops them: offline/session.ts).
import { FIRST_ANSWERS_ID } from '../../shared/first-answers';
import { requestAllowed } from './api';

let answers: Promise<Map<string, unknown>> | null = null;

function read(): Map<string, unknown> {
  // (No page in the service worker.)
  if (typeof document === 'undefined') return new Map();
  const element = document.getElementById(FIRST_ANSWERS_ID);
  let found = new Map<string, unknown>();
  if (element?.textContent) {
    try {
      found = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // A page cut short in transit: the app asks the server instead.
    }
  }
  element?.remove();
  return found;
}

/** The page's answers by URL (empty when it has none, or they were dropped), read once. */
function pageAnswers(): Promise<Map<string, unknown>> {
  answers ??= requestAllowed().then((allowed) => (allowed ? read() : new Map()), () => new Map());
  return answers;
}

/** The answer the page came with for GET `url`, once; undefined when it has none. */
export async function takeFirstAnswer<T>(url: string): Promise<T | undefined> {
  const all = await pageAnswers();
  const answer = all.get(url) as T | undefined;
  all.delete(url);
  return answer;
}

/** The answers the page came with for these URLs (each once); every other answer is dropped. */
export async function takeFirstAnswers(urls: readonly string[]): Promise<Map<string, unknown>> {
  const all = await pageAnswers();
  const taken = new Map(urls.filter((url) => all.has(url)).map((url) => [url, all.get(url)]));
  all.clear();
  return taken;
}

/**
 * Forget the page's answers: they were made with a session this device has since ended (a sign-out
 * made offline, sent before any request: offline/session.ts).
 */
export function dropFirstAnswers(): void {
  answers = Promise.resolve(new Map());
  if (typeof document !== 'undefined') document.getElementById(FIRST_ANSWERS_ID)?.remove();
}
