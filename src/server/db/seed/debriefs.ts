// Demo debriefs (TMS): sessions the educator ran with several students over a few
// scenarios, repeated attempts that mostly improve, realistic scores and event logs whose checklist
// titles end in their result code (1 not done, 2 done). One session names no scenario and one no
// student, so the fallbacks show. The paramedic ran two of his own, which the educator never sees.
import * as v from 'valibot';
import type { FastifyInstance } from 'fastify';
import { debriefInputSchema } from '../../../shared/schemas/debriefs.js';
import { debriefsRepository } from '../../features/debriefs/repository.js';
import { debriefsService } from '../../features/debriefs/service.js';

interface DemoScenario {
  name: string;
  checklist: string[];
  critical: string[];
  /** [seconds, eventType, title] of the monitor's own events. */
  states: [number, number, string][];
  minutes: number;
}

const SCENARIOS: DemoScenario[] = [
  {
    name: 'Witnessed VF arrest',
    minutes: 12,
    checklist: ['Confirms cardiac arrest', 'Starts compressions', 'Attaches pads', 'Shocks within 2 minutes', 'Gives adrenaline after third shock', 'Considers reversible causes'],
    critical: ['Shocks within 2 minutes', 'Starts compressions'],
    states: [[0, 0, 'Scenario started'], [20, 3, 'Rhythm: ventricular fibrillation'], [95, 12, 'Defibrillation 150 J'], [310, 12, 'Defibrillation 200 J'], [520, 3, 'Rhythm: sinus rhythm, ROSC'], [690, 1, 'Scenario finished']],
  },
  {
    name: 'Acute severe asthma in a child',
    minutes: 10,
    checklist: ['Recognises life-threatening features', 'Gives high-flow oxygen', 'Gives salbutamol nebuliser', 'Gives ipratropium', 'Calls for senior help', 'Considers IV magnesium'],
    critical: ['Gives high-flow oxygen', 'Gives salbutamol nebuliser'],
    states: [[0, 0, 'Scenario started'], [45, 3, 'SpO2 falls to 88%'], [240, 3, 'Wheeze improves'], [560, 1, 'Scenario finished']],
  },
  {
    name: 'Anaphylaxis after antibiotics',
    minutes: 12,
    checklist: ['Stops the infusion', 'Calls for help', 'Gives adrenaline 0.5 mg IM', 'Lies the patient flat', 'Gives IV fluid bolus', 'Repeats adrenaline after 5 minutes'],
    critical: ['Gives adrenaline 0.5 mg IM'],
    states: [[0, 0, 'Scenario started'], [30, 3, 'BP 78/40, stridor'], [400, 3, 'BP 104/66'], [680, 1, 'Scenario finished']],
  },
  {
    name: 'Newborn needing inflation breaths',
    minutes: 8,
    checklist: ['Dries and stimulates', 'Opens the airway', 'Gives five inflation breaths', 'Reassesses heart rate', 'Starts ventilation breaths'],
    critical: ['Gives five inflation breaths'],
    states: [[0, 0, 'Scenario started'], [30, 3, 'Heart rate 60'], [150, 3, 'Heart rate 120, breathing'], [450, 1, 'Scenario finished']],
  },
];

/** The paramedic's own station drills (not in the educator's rotation above). */
const OPIOID_TOXICITY: DemoScenario = {
  name: 'Opioid toxicity',
  minutes: 10,
  checklist: ['Opens and supports the airway', 'Gives bag-valve-mask ventilation', 'Checks pupils and glucose', 'Gives naloxone 400 micrograms IM', 'Titrates repeat naloxone', 'Monitors for re-sedation'],
  critical: ['Gives bag-valve-mask ventilation', 'Gives naloxone 400 micrograms IM'],
  states: [[0, 0, 'Scenario started'], [40, 3, 'SpO2 falls to 82%, respiratory rate 6'], [300, 3, 'Respiratory rate 14 after naloxone'], [580, 1, 'Scenario finished']],
};

const STUDENTS = [
  { studentId: 'S-1001', name: 'Mia Nguyen', email: 'mia.nguyen@students.example' },
  { studentId: 'S-1002', name: 'Liam Carter', email: 'liam.carter@students.example' },
  { studentId: 'S-1003', name: 'Aisha Rahman', email: 'aisha.rahman@students.example' },
  { studentId: 'S-1004', name: 'Noah Williams', email: 'noah.williams@students.example' },
  { studentId: 'S-1005', name: 'Chloe Martin', email: '' },
  { studentId: 'S-1006', name: 'Oliver Brown', email: 'oliver.brown@students.example' },
];

/** A small deterministic generator, so every fresh demo database looks the same. */
function random(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function session(scenario: DemoScenario, skill: number, rnd: () => number, startedAt: Date) {
  const events: { eventType: number; title: string; actualTime: number }[] = scenario.states.map(([t, type, title]) => ({ eventType: type, title, actualTime: t + rnd() * 0.9 }));
  let positive = 0;
  let critical = 0;
  scenario.checklist.forEach((item, i) => {
    const done = rnd() < skill;
    if (done) positive += 1;
    if (done && scenario.critical.includes(item)) critical += 1;
    const at = 15 + i * ((scenario.minutes * 60 - 60) / scenario.checklist.length) + rnd() * 25;
    events.push({ eventType: 30 + (i % 10), title: `${item} ${done ? 2 : 1}`, actualTime: Math.round(at * 10) / 10 });
  });
  events.sort((a, b) => a.actualTime - b.actualTime);
  const max = scenario.checklist.length;
  const negative = max - positive;
  const graded = Math.round(positive * 2.5 + rnd() * 2);
  const end = new Date(startedAt.getTime() + scenario.minutes * 60_000);
  return {
    startDate: startedAt.toISOString(),
    endDate: end.toISOString(),
    createdAt: new Date(end.getTime() + 60_000).toISOString(),
    debriefJson: {
      numPositiveChecks: positive,
      numNegativeChecks: negative,
      totalCheckScore: positive * 2,
      maxCheckScore: max * 2,
      gradedScore: Math.min(graded, max * 3),
      maxGradedScore: max * 3,
      cumulativeScore: positive * 2 - negative,
      criticalScore: critical,
      maxCriticalScore: scenario.critical.length,
      eventList: events,
    },
  };
}

export async function seedDebriefs(app: FastifyInstance): Promise<void> {
  const service = debriefsService(debriefsRepository(app.db));
  const users = await app.db.selectFrom('users').selectAll().where('username', 'in', ['educator', 'paramedic']).execute();
  const educator = users.find((u) => u.username === 'educator');
  const paramedic = users.find((u) => u.username === 'paramedic');
  if (!educator || !paramedic) return;
  const scenarioRefs = new Map(
    (await app.db.selectFrom('scenarios').select(['uuid_id', 'name']).where('name', 'in', SCENARIOS.map((s) => s.name)).execute()).map((r) => [r.name, r.uuid_id]),
  );
  const rnd = random(14);
  const day = 24 * 3600_000;
  const firstDay = Date.now() - 40 * day;
  const handOver = (user: typeof educator, body: unknown) => service.ingest(user, v.parse(debriefInputSchema, body));

  // Each student meets two or three scenarios, up to three attempts each, getting better.
  for (const [si, student] of STUDENTS.entries()) {
    for (let k = 0; k < 2 + (si % 2); k++) {
      const scenario = SCENARIOS[(si + k) % SCENARIOS.length];
      const attempts = 1 + ((si + k) % 3);
      for (let a = 0; a < attempts; a++) {
        const skill = Math.min(0.95, 0.45 + si * 0.03 + a * 0.17);
        const started = new Date(firstDay + (si * 2 + k * 6 + a * 4) * day + (8 + ((si + a) % 8)) * 3600_000);
        await handOver(educator, {
          name: `${scenario.name}: attempt ${a + 1}`,
          student,
          scenario: { id: scenarioRefs.get(scenario.name) ?? '', name: scenario.name },
          ...session(scenario, skill, rnd, started),
        });
      }
    }
  }
  // A free-play session (no scenario) and a trainee who gave no details.
  await handOver(educator, { name: 'Free play', student: STUDENTS[0], ...session(SCENARIOS[0], 0.8, rnd, new Date(firstDay + 38 * day)) });
  await handOver(educator, { name: 'Walk-in', scenario: { name: SCENARIOS[2].name }, ...session(SCENARIOS[2], 0.6, rnd, new Date(firstDay + 39 * day)) });

  for (const a of [0, 1]) {
    await handOver(paramedic, {
      name: `Station drill ${a + 1}`,
      student: { studentId: 'P-77', name: 'Sam Rivers', email: 'sam.rivers@ambulance.example' },
      scenario: { name: OPIOID_TOXICITY.name },
      ...session(OPIOID_TOXICITY, 0.6 + a * 0.2, rnd, new Date(firstDay + (20 + a) * day)),
    });
  }
}
