// Debriefs (TMS): a device or the native wrapper hands a finished session over as the
// educator who ran it; an educator reads only the debriefs they ran, never another educator's.
import type { Selectable } from 'kysely';
import type { DebriefTable } from '../../db/types.js';
import { now } from '../../db/connection.js';
import { uuid } from '../../lib/crypto.js';
import type { SessionUser } from '../../plugins/session.js';
import { DEBRIEF_LIST_LIMIT, type Debrief, type DebriefEvent, type DebriefInput, type DebriefScores } from '../../../shared/schemas/debriefs.js';
import type { DebriefsRepository } from './repository.js';

type StoredJson = DebriefScores & { eventList: DebriefEvent[] };

const SCORE_KEYS = [
  'numPositiveChecks', 'numNegativeChecks', 'totalCheckScore', 'maxCheckScore', 'gradedScore',
  'maxGradedScore', 'cumulativeScore', 'criticalScore', 'maxCriticalScore',
] as const satisfies readonly (keyof DebriefScores)[];

/** Only the documented fields are kept, in a fixed order. */
function storedJson(input: DebriefInput['debriefJson']): StoredJson {
  const scores = Object.fromEntries(SCORE_KEYS.map((k) => [k, input[k]])) as DebriefScores;
  return { ...scores, eventList: input.eventList.map((e) => ({ eventType: e.eventType, title: e.title, actualTime: e.actualTime })) };
}

function present(row: Selectable<DebriefTable>): Debrief {
  const json = JSON.parse(row.debrief_json) as StoredJson;
  return {
    id: row.id,
    uuid_id: row.uuid_id,
    name: row.name,
    createdAt: row.created_at,
    startDate: row.start_date,
    endDate: row.end_date,
    student: { studentId: row.student_key, name: row.student_name, email: row.student_email },
    scenario: { id: row.scenario_ref, name: row.scenario_name },
    debriefJson: json,
  };
}

export function debriefsService(repo: DebriefsRepository) {
  return {
    async ingest(user: SessionUser, input: DebriefInput): Promise<Debrief> {
      const received = now();
      const row = await repo.insert({
        uuid_id: uuid(),
        educator_id: user.id,
        name: input.name,
        created_at: input.createdAt ?? received,
        start_date: input.startDate ?? null,
        end_date: input.endDate ?? null,
        student_key: input.student.studentId,
        student_name: input.student.name,
        student_email: input.student.email.toLowerCase(),
        scenario_ref: input.scenario.id,
        scenario_name: input.scenario.name,
        debrief_json: JSON.stringify(storedJson(input.debriefJson)),
        received_at: received,
      });
      return present(row);
    },

    async forEducator(user: SessionUser): Promise<Debrief[]> {
      return (await repo.ofEducator(user.id, DEBRIEF_LIST_LIMIT)).map(present);
    },
  };
}
export type DebriefsService = ReturnType<typeof debriefsService>;
