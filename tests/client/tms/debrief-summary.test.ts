// The TMS screens' rules(spec sections 4 and 9): checklist result codes, event times,
// fallback names, scores, student keys and the CSV export.
import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../../../src/client/i18n';
import type { Debrief } from '../../../src/shared/schemas/debriefs';
import {
  averagePercent, csvFileName, debriefsCsv, formatEventTime, overallPercent, scenarioHeading, scoreSummary, splitResultCode, studentName, studentsOf,
} from '../../../src/client/features/tms/debrief-summary';

// The TMS texts, which come with its routes in the app.
beforeAll(() => i18n.loadNamespaces(['tms']));

const zero = { numPositiveChecks: 0, numNegativeChecks: 0, totalCheckScore: 0, maxCheckScore: 0, gradedScore: 0, maxGradedScore: 0, cumulativeScore: 0, criticalScore: 0, maxCriticalScore: 0 };

function debrief(over: Partial<Debrief> & { scores?: Partial<typeof zero> } = {}): Debrief {
  const { scores, ...rest } = over;
  return {
    id: 1, uuid_id: 'u', name: '', createdAt: '2026-03-01T10:00:00.000Z', startDate: null, endDate: null,
    student: { studentId: '', name: '', email: '' }, scenario: { id: '', name: '' },
    debriefJson: { ...zero, ...scores, eventList: [] },
    ...rest,
  };
}

describe('checklist result codes', () => {
  it.each([
    ['Calls for help 2', 'Calls for help', 'check'],
    ['Calls for help 1', 'Calls for help', 'clear'],
    ['Gives oxygen,2', 'Gives oxygen', 'check'],
    ['Gives oxygen | 1', 'Gives oxygen', 'clear'],
    ['Defibrillation 200 J', 'Defibrillation 200 J', null],
    ['Shock 12', 'Shock 12', null],
    ['Epinephrine 0.5 2', 'Epinephrine 0.5 2', null],
    ['Lead II', 'Lead II', null],
    ['2', '2', null],
    ['Rhythm check 3', 'Rhythm check 3', null],
  ])('%s -> %s (%s)', (title, text, result) => {
    expect(splitResultCode(title)).toEqual({ text, result });
  });
});

describe('event times', () => {
  it.each([[0, '00:00'], [5.4, '00:05'], [5.5, '00:06'], [59.6, '01:00'], [61, '01:01'], [3599.4, '59:59'], [3725, '62:05']])('%s s -> %s', (s, text) => {
    expect(formatEventTime(s)).toBe(text);
  });
});

describe('names and scores', () => {
  it('falls back to Unknown Scenario and Unnamed Student (spec section 9)', () => {
    expect(scenarioHeading(debrief({ scenario: { id: '', name: '  ' } }))).toBe('Unknown Scenario');
    expect(studentName({ studentId: '1', name: '', email: '' })).toBe('Unnamed Student');
  });

  it('scores everything against everything that could be scored', () => {
    expect(overallPercent({ ...zero, totalCheckScore: 8, maxCheckScore: 10, gradedScore: 6, maxGradedScore: 10 })).toBe(70);
    expect(overallPercent(zero)).toBeNull();
    expect(averagePercent([debrief({ scores: { totalCheckScore: 1, maxCheckScore: 2 } }), debrief({ scores: { totalCheckScore: 2, maxCheckScore: 2 } }), debrief()])).toBe(75);
    expect(scoreSummary({ ...zero, numPositiveChecks: 3, numNegativeChecks: 1, gradedScore: 5, maxGradedScore: 9 })).toBe('Checks 3/4 · Graded 5/9');
  });

  it('groups students by studentId, else e-mail, else name', () => {
    const list = [
      debrief({ student: { studentId: 'S1', name: 'Ann', email: '' }, startDate: '2026-03-02T00:00:00.000Z' }),
      debrief({ student: { studentId: 'S1', name: '', email: 'ann@x.test' } }),
      debrief({ student: { studentId: '', name: 'Bo', email: 'BO@x.test' } }),
      debrief({ student: { studentId: '', name: 'Bo B', email: 'bo@x.test' } }),
      debrief({ student: { studentId: '', name: '', email: '' } }),
    ];
    const students = studentsOf(list);
    expect(students.map((s) => [s.name, s.email, s.debriefs.length])).toEqual([['Ann', 'ann@x.test', 2], ['Bo', 'BO@x.test', 2], ['Unnamed Student', '', 1]]);
    expect(students[0].latest).toBe('2026-03-02T00:00:00.000Z');
  });
});

describe('CSV export', () => {
  it('quotes commas and quotes, neutralises formulas, and lists oldest first', () => {
    const csv = debriefsCsv([
      debrief({ name: 'Second, "late"', startDate: '2026-03-02T00:00:00.000Z', student: { studentId: '=1+1', name: 'Ann', email: '' } }),
      debrief({ name: 'First', startDate: '2026-03-01T00:00:00.000Z', scores: { cumulativeScore: -3 } }),
    ]);
    const lines = csv.split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1].startsWith('Unknown Scenario,First,,Unnamed Student,,2026-03-01T00:00:00.000Z,')).toBe(true);
    expect(lines[1]).toContain(',-3,');
    expect(lines[2].startsWith(`Unknown Scenario,"Second, ""late""",'=1+1,Ann,`)).toBe(true);
    expect(csvFileName('Acute severe asthma in a child')).toBe('debriefs-acute-severe-asthma-in-a-child.csv');
    expect(csvFileName('???')).toBe('debriefs-debriefs.csv');
  });
});
