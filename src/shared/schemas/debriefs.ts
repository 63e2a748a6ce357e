// Debriefs of the teaching area (TMS; spec section 3 'Debrief', 'Student'). A device or the
// native wrapper hands a finished session over with POST /api/editor/debriefs; the educator who ran
// it reads theirs with GET /api/editor/DebriefsForCurrentUser. Field names follow REALITi's style
// (camelCase, `studentId`, `debriefJson`, `eventList`), as the monitor's `studentInfo` does.
import * as v from 'valibot';
import { isCalendarDay } from './common.js';

export const DEBRIEF_LIMITS = {
  /** The largest ingestion body (JSON bytes). */
  bodyBytes: 512 * 1024,
  events: 2000,
  eventTitle: 500,
  name: 200,
  studentId: 100,
  studentName: 200,
  email: 254,
  scenarioId: 100,
  scenarioName: 200,
  /** A session longer than a day is not a session. */
  seconds: 24 * 3600,
  score: 1_000_000,
} as const;

/** Debrief event types are numbers 0 to 45 (spec section 3). */
export const EVENT_TYPE_MAX = 45;

export const EVENT_TYPE_MESSAGE = `Event type must be a whole number from 0 to ${EVENT_TYPE_MAX}`;
export const DEBRIEF_JSON_REQUIRED = 'debriefJson must be an object with the scores and the eventList';

const text = (what: string, max: number) =>
  v.pipe(
    v.nullish(v.string(`${what} must be text`), ''),
    v.transform((s) => (s ?? '').trim()),
    v.maxLength(max, `${what} must be ${max} characters or fewer`),
  );

/** An id a device may send as text or as a number; kept as text. */
const idText = (what: string, max: number) =>
  v.pipe(
    v.nullish(v.union([v.string(), v.pipe(v.number(), v.safeInteger())], `${what} must be text or a whole number`), ''),
    v.transform((s) => String(s ?? '').trim()),
    v.maxLength(max, `${what} must be ${max} characters or fewer`),
  );

/** An ISO 8601 date and time, stored as UTC ISO text. */
const dateTime = (what: string) =>
  v.pipe(
    v.string(`${what} must be a date and time (ISO 8601)`),
    v.trim(),
    v.maxLength(40, `${what} must be a date and time (ISO 8601)`),
    v.regex(/^\d{4}-\d{2}-\d{2}([T ]\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:?\d{2})?)?$/, `${what} must be a date and time (ISO 8601)`),
    v.check((s) => Number.isFinite(Date.parse(s)) && isCalendarDay(s.slice(0, 10)), `${what} must be a date and time (ISO 8601)`),
    v.transform((s) => new Date(s).toISOString()),
  );

const score = (what: string) =>
  v.pipe(
    v.nullish(v.number(`${what} must be a number`), 0),
    v.check((n) => Number.isFinite(n ?? 0), `${what} must be a number`),
    v.minValue(-DEBRIEF_LIMITS.score, `${what} must be between -${DEBRIEF_LIMITS.score} and ${DEBRIEF_LIMITS.score}`),
    v.maxValue(DEBRIEF_LIMITS.score, `${what} must be between -${DEBRIEF_LIMITS.score} and ${DEBRIEF_LIMITS.score}`),
    v.transform((n) => n ?? 0),
  );

export const debriefEventInputSchema = v.object(
  {
    eventType: v.pipe(
      v.number(EVENT_TYPE_MESSAGE),
      v.integer(EVENT_TYPE_MESSAGE),
      v.minValue(0, EVENT_TYPE_MESSAGE),
      v.maxValue(EVENT_TYPE_MAX, EVENT_TYPE_MESSAGE),
      v.description(`What happened, a code from 0 to ${EVENT_TYPE_MAX}`),
    ),
    title: v.pipe(
      text('Event title', DEBRIEF_LIMITS.eventTitle),
      v.description("What the log shows; a checklist event's title ends in its result code: 1 not done (a clear mark), 2 done (a check mark)"),
    ),
    actualTime: v.pipe(
      v.number('Event time must be a number of seconds'),
      v.check((n) => Number.isFinite(n), 'Event time must be a number of seconds'),
      v.minValue(0, 'Event time must not be negative'),
      v.maxValue(DEBRIEF_LIMITS.seconds, 'Event time must be within 24 hours of the start'),
      v.description('Seconds since the scenario started (shown rounded to whole seconds)'),
    ),
  },
  'Each event must be an object with eventType, title and actualTime',
);

export const debriefJsonInputSchema = v.object(
  {
    numPositiveChecks: score('numPositiveChecks'),
    numNegativeChecks: score('numNegativeChecks'),
    totalCheckScore: score('totalCheckScore'),
    maxCheckScore: score('maxCheckScore'),
    gradedScore: score('gradedScore'),
    maxGradedScore: score('maxGradedScore'),
    cumulativeScore: score('cumulativeScore'),
    criticalScore: score('criticalScore'),
    maxCriticalScore: score('maxCriticalScore'),
    eventList: v.pipe(
      v.nullish(v.array(debriefEventInputSchema, 'eventList must be a list of events'), []),
      v.maxLength(DEBRIEF_LIMITS.events, `eventList must hold ${DEBRIEF_LIMITS.events} events or fewer`),
      v.transform((list) => list ?? []),
    ),
  },
  DEBRIEF_JSON_REQUIRED,
);

export const studentInputSchema = v.nullish(
  v.object(
    {
      studentId: v.pipe(idText('studentId', DEBRIEF_LIMITS.studentId), v.description('The key students are grouped by (a student number)')),
      name: text('Student name', DEBRIEF_LIMITS.studentName),
      email: v.pipe(
        text('Student email', DEBRIEF_LIMITS.email),
        v.check((s) => s === '' || /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(s), 'Student email must be an e-mail address'),
      ),
    },
    'student must be an object with studentId, name and email',
  ),
  { studentId: '', name: '', email: '' },
);

export const debriefScenarioInputSchema = v.nullish(
  v.object(
    {
      id: v.pipe(idText('Scenario id', DEBRIEF_LIMITS.scenarioId), v.description("The scenario's id or uuid_id, when it came from the community")),
      name: text('Scenario name', DEBRIEF_LIMITS.scenarioName),
    },
    'scenario must be an object with id and name',
  ),
  { id: '', name: '' },
);

/**
 * Top-level fields a device sends beside the debrief (its serial, and the monitor's own `studentInfo`
 * that `student` is made from): ignored, where any other unknown field is refused.
 */
export const DEBRIEF_DEVICE_EXTRAS = ['deviceSerial', 'studentInfo'] as const;

/** POST /api/editor/debriefs: one finished session. Unknown fields are refused, but DEBRIEF_DEVICE_EXTRAS. */
export const debriefInputSchema = v.pipe(
  v.object(
    {
      name: text('Debrief name', DEBRIEF_LIMITS.name),
      createdAt: v.pipe(v.optional(dateTime('createdAt')), v.description('When the debrief was made; now when left out')),
      startDate: v.nullish(dateTime('startDate')),
      endDate: v.nullish(dateTime('endDate')),
      student: studentInputSchema,
      scenario: debriefScenarioInputSchema,
      debriefJson: v.pipe(v.nullish(debriefJsonInputSchema), v.description('The scores and the eventList (required)')),
    },
    'The debrief must be a JSON object',
  ),
  // A missing optional key skips its own checks, so the required debriefJson is checked here.
  v.check((d) => d.debriefJson != null, DEBRIEF_JSON_REQUIRED),
  v.check((d) => !d.startDate || !d.endDate || d.endDate >= d.startDate, 'endDate must not be before startDate'),
  v.transform((d) => ({ ...d, debriefJson: d.debriefJson! })),
);
export type DebriefInput = v.InferOutput<typeof debriefInputSchema>;
export type DebriefInputBody = v.InferInput<typeof debriefInputSchema>;

// ---- responses ------------------------------------------------------------------------------

export const debriefEventSchema = v.object({ eventType: v.number(), title: v.string(), actualTime: v.number() });
export type DebriefEvent = v.InferOutput<typeof debriefEventSchema>;

export const debriefScoresSchema = v.object({
  numPositiveChecks: v.number(),
  numNegativeChecks: v.number(),
  totalCheckScore: v.number(),
  maxCheckScore: v.number(),
  gradedScore: v.number(),
  maxGradedScore: v.number(),
  cumulativeScore: v.number(),
  criticalScore: v.number(),
  maxCriticalScore: v.number(),
});
export type DebriefScores = v.InferOutput<typeof debriefScoresSchema>;

export const studentSchema = v.object({ studentId: v.string(), name: v.string(), email: v.string() });
export type Student = v.InferOutput<typeof studentSchema>;

export const debriefSchema = v.object({
  id: v.number(),
  uuid_id: v.string(),
  name: v.string(),
  createdAt: v.string(),
  startDate: v.nullable(v.string()),
  endDate: v.nullable(v.string()),
  student: studentSchema,
  /** id is '' when the device did not say which community scenario it was. */
  scenario: v.object({ id: v.string(), name: v.string() }),
  debriefJson: v.object({ ...debriefScoresSchema.entries, eventList: v.array(debriefEventSchema) }),
});
export type Debrief = v.InferOutput<typeof debriefSchema>;

export const debriefListSchema = v.array(debriefSchema);

/** The newest debriefs one educator gets in the list. */
export const DEBRIEF_LIST_LIMIT = 2000;
