// Pure helpers of the TMS screens: fallback names (spec section 9), headings, scores,
// event times and checklist marks, grouping, and the CSV export.
import type { Debrief, DebriefScores, Student } from '../../../shared/schemas/debriefs';
import { i18n } from '../../i18n';
import { formatDateTime } from '../../i18n/format';

// Texts in the language shown at the time of the call.
const tr = i18n.getFixedT(null, 'tms', 'summary');

export const scenarioHeading = (d: Debrief) => d.scenario.name.trim() || tr('unknownScenario');
export const studentName = (s: Student) => s.name.trim() || tr('unnamedStudent');

/** When the session happened: its start, else when the debrief was made. */
export const debriefDate = (d: Debrief) => d.startDate ?? d.createdAt;

export function formatDebriefDate(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return formatDateTime(date);
}

/** The pairs of spec section 3's scores that have a maximum, as the Overview draws them. */
export const SCORE_BARS = [
  { label: 'checkScore', value: 'totalCheckScore', max: 'maxCheckScore' },
  { label: 'gradedScore', value: 'gradedScore', max: 'maxGradedScore' },
  { label: 'criticalScore', value: 'criticalScore', max: 'maxCriticalScore' },
] as const satisfies readonly { label: string; value: keyof DebriefScores; max: keyof DebriefScores }[];

/**
 * One number per debrief for lists, averages and the trend: everything scored against everything
 * that could be scored (check, graded and critical scores), as a whole percentage; null when
 * nothing had a maximum.
 */
export function overallPercent(s: DebriefScores): number | null {
  let got = 0;
  let max = 0;
  for (const bar of SCORE_BARS) {
    if (s[bar.max] > 0) {
      got += Math.max(0, Math.min(s[bar.value], s[bar.max]));
      max += s[bar.max];
    }
  }
  return max > 0 ? Math.round((got / max) * 100) : null;
}

export function averagePercent(debriefs: Debrief[]): number | null {
  const values = debriefs.map((d) => overallPercent(d.debriefJson)).filter((p): p is number => p !== null);
  return values.length ? Math.round(values.reduce((a, b) => a + b, 0) / values.length) : null;
}

export const formatPercent = (p: number | null) => (p === null ? '–' : `${p}%`);

/** 'Checks 7/9 · Graded 11/15 · Critical 3/4' (pairs without a maximum left out). */
export function scoreSummary(s: DebriefScores): string {
  const parts = [tr('checks', { got: s.numPositiveChecks, max: s.numPositiveChecks + s.numNegativeChecks })];
  if (s.maxGradedScore > 0) parts.push(tr('graded', { got: s.gradedScore, max: s.maxGradedScore }));
  if (s.maxCriticalScore > 0) parts.push(tr('critical', { got: s.criticalScore, max: s.maxCriticalScore }));
  return parts.join(' · ');
}

/** Seconds since the start as mm:ss, rounded to whole seconds (spec section 9); minutes may pass 59. */
export function formatEventTime(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  return `${String(Math.floor(total / 60)).padStart(2, '0')}:${String(total % 60).padStart(2, '0')}`;
}

export type ChecklistResult = 'clear' | 'check';

/**
 * A checklist event's title ends in its result code (spec section 4): 1 shows a clear mark, 2 a
 * check mark, and the code is not shown. The code must stand apart from the words before it (a
 * space or a separator), so '200 J' or 'Lead II' are not read as codes.
 */
export function splitResultCode(title: string): { text: string; result: ChecklistResult | null } {
  const m = /^(.*?\S)[\s,;:|#_-]+([12])$/.exec(title.trim());
  if (!m || /\d$/.test(m[1])) return { text: title.trim(), result: null };
  return { text: m[1], result: m[2] === '1' ? 'clear' : 'check' };
}

/** Groups in first-seen order (the list is newest first, so the newest group leads). */
export function groupBy<T>(items: T[], key: (item: T) => string): { key: string; items: T[] }[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const k = key(item);
    const list = groups.get(k);
    if (list) list.push(item);
    else groups.set(k, [item]);
  }
  return [...groups].map(([k, list]) => ({ key: k, items: list }));
}

export interface StudentSummary {
  key: string;
  name: string;
  email: string;
  debriefs: Debrief[];
  latest: string;
  average: number | null;
}

/** The key students are grouped by: the studentId; without one the e-mail, then the name. */
export function studentKey(s: Student): string {
  if (s.studentId) return s.studentId;
  if (s.email) return `email:${s.email.toLowerCase()}`;
  return s.name.trim() ? `name:${s.name.trim().toLowerCase()}` : '';
}

/** Students grouped by key; name and e-mail from their newest debrief that has one. */
export function studentsOf(debriefs: Debrief[]): StudentSummary[] {
  return groupBy(debriefs, (d) => studentKey(d.student)).map(({ key, items }) => ({
    key,
    name: items.find((d) => d.student.name.trim())?.student.name.trim() || tr('unnamedStudent'),
    email: items.find((d) => d.student.email)?.student.email ?? '',
    debriefs: items,
    latest: items.map(debriefDate).reduce((a, b) => (b > a ? b : a)),
    average: averagePercent(items),
  }));
}

// ---- CSV ---------------------------------------------------------------------------------------

const CSV_COLUMNS: [string, (d: Debrief) => string | number][] = [
  ['Scenario', scenarioHeading],
  ['Debrief', (d) => d.name],
  ['Student ID', (d) => d.student.studentId],
  ['Student', (d) => studentName(d.student)],
  ['Email', (d) => d.student.email],
  ['Start', (d) => d.startDate ?? ''],
  ['End', (d) => d.endDate ?? ''],
  ['Created', (d) => d.createdAt],
  ['Positive checks', (d) => d.debriefJson.numPositiveChecks],
  ['Negative checks', (d) => d.debriefJson.numNegativeChecks],
  ['Check score', (d) => d.debriefJson.totalCheckScore],
  ['Max check score', (d) => d.debriefJson.maxCheckScore],
  ['Graded score', (d) => d.debriefJson.gradedScore],
  ['Max graded score', (d) => d.debriefJson.maxGradedScore],
  ['Cumulative score', (d) => d.debriefJson.cumulativeScore],
  ['Critical score', (d) => d.debriefJson.criticalScore],
  ['Max critical score', (d) => d.debriefJson.maxCriticalScore],
  ['Overall %', (d) => overallPercent(d.debriefJson) ?? ''],
  ['Events', (d) => d.debriefJson.eventList.length],
];

/** A spreadsheet must not run a cell as a formula: text starting with = + - @ gets a leading quote. */
function csvCell(value: string | number): string {
  if (typeof value === 'number') return String(value);
  const safe = /^[=+\-@\t\r]/.test(value) ? `'${value}` : value;
  return /[",\r\n]/.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/** One row per debrief, oldest first, with a header row; CRLF line ends (RFC 4180). */
export function debriefsCsv(debriefs: Debrief[]): string {
  const rows = [...debriefs].sort((a, b) => debriefDate(a).localeCompare(debriefDate(b)));
  const lines = [CSV_COLUMNS.map(([h]) => h).join(',')];
  for (const d of rows) lines.push(CSV_COLUMNS.map(([, get]) => csvCell(get(d))).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function csvFileName(what: string): string {
  const slug = what.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'debriefs';
  return `debriefs-${slug}.csv`;
}
