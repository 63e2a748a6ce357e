// The API's answers to the first screen's first requests, written into the page by the server
// (shared/first-answers.ts): read once, each answer handed out once, so only the page's first
// screen uses them and every later call asks the server.
import { FIRST_ANSWERS_ID } from '../../shared/first-answers';

let answers: Map<string, unknown> | null = null;

function read(): Map<string, unknown> {
  if (answers) return answers;
  answers = new Map();
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
  const all = read();
  const answer = all.get(url) as T | undefined;
  all.delete(url);
  return answer;
}
