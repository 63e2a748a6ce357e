// The API's answers to the first screen's first requests, written into the page by the server
// (shared/first-answers.ts): read once, each answer handed out once (lib/api.ts asks here before
// it fetches a GET), and only in the page's first seconds: every later call asks the server.
import { FIRST_ANSWERS_ID } from '../../shared/first-answers';

/** How long after the page started its answers may stand in for the server's. */
const FIRST_ANSWERS_MS = 10_000;

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
  // (No page in the service worker.)
  if (typeof document === 'undefined') return answers;
  const element = document.getElementById(FIRST_ANSWERS_ID);
  if (element?.textContent) {
    try {
      answers = new Map(Object.entries(JSON.parse(element.textContent) as Record<string, unknown>));
    } catch {
      // A page cut short in transit: the app asks the server instead.
    }
  }
  element?.remove();
  return answers;
}

/** The answer the page came with for GET `url`, once; undefined when it has none. */
export function takeFirstAnswer<T>(url: string): T | undefined {
  if (performance.now() > FIRST_ANSWERS_MS) return undefined;
  const all = read();
  const answer = all.get(url) as T | undefined;
  all.delete(url);
  return answer;
}

/**
 * Forget the page's answers: they were made with a session this device has since ended (a sign-out
 * made offline, sent before any request: offline/session.ts).
 */
export function dropFirstAnswers(): void {
  answers = new Map();
  if (typeof document !== 'undefined') document.getElementById(FIRST_ANSWERS_ID)?.remove();
}
