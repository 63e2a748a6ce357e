// Mentions: '@' and a username (users.username: unique whatever the case, no spaces; it is what
// people sign in with and what the autocomplete shows beside the name). A mention starts at the
// beginning of the text or after a character that is not a letter, digit, '_', '.' or '@' (so an
// e-mail address is no mention), and takes letters, digits, '_', '.' and '-'; a trailing '.' or '-'
// ends the sentence, not the name. Usernames are matched without regard to case.
const MENTION = /(^|[^\p{L}\p{N}_.@])@([\p{L}\p{N}_][\p{L}\p{N}_.-]*)/gu;

const trimEnd = (name: string) => name.replace(/[.-]+$/u, '');

/** The usernames mentioned in a text, lower-cased, each once. */
export function mentionedUsernames(text: string): string[] {
  const names = new Set<string>();
  for (const m of text.matchAll(MENTION)) {
    const name = trimEnd(m[2]);
    if (name) names.add(name.toLowerCase());
  }
  return [...names];
}

export type MentionSegment = { text: string } | { text: string; username: string };

/** The text cut into plain runs and mentions ('@name' with its lower-cased username), in order. */
export function mentionSegments(text: string): MentionSegment[] {
  const out: MentionSegment[] = [];
  let at = 0;
  for (const m of text.matchAll(MENTION)) {
    const name = trimEnd(m[2]);
    if (!name) continue;
    const start = (m.index ?? 0) + m[1].length;
    if (start > at) out.push({ text: text.slice(at, start) });
    out.push({ text: `@${name}`, username: name.toLowerCase() });
    at = start + 1 + name.length;
  }
  if (at < text.length) out.push({ text: text.slice(at) });
  return out;
}

/**
 * The word being typed at the caret when it is a mention ('@' and the start of a name): where its
 * '@' is and what follows it. null when the caret is not in one.
 */
export function mentionAtCaret(text: string, caret: number): { start: number; term: string } | null {
  const before = text.slice(0, caret);
  const m = /(^|[^\p{L}\p{N}_.@])@([\p{L}\p{N}_.-]{0,50})$/u.exec(before);
  if (!m) return null;
  return { start: before.length - m[2].length - 1, term: m[2] };
}
