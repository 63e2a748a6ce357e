// A debrief the native wrapper hands over (docs/native-bridge.md) goes to
// POST /api/editor/debriefs through the outbox: sent now when online, otherwise kept on the device
// with its Idempotency-Key and sent later without duplicates. The wrapper hears back through the
// `debriefhandover` handler whether it was sent, queued or refused.
import * as v from 'valibot';
import type { QueryClient } from '@tanstack/react-query';
import { onNativeDebrief, reportDebriefHandover } from '../../../lib/native-bridge';
import { onOutboxSent, sendOrQueue } from '../../../offline/outbox';
import { ApiError } from '../../../lib/api';
import { DEBRIEF_DEVICE_EXTRAS, debriefInputSchema } from '../../../../shared/schemas/debriefs';
import { unknownFields, unknownFieldsMessage } from '../../../../shared/unknown-fields';
import { debriefsQueryKey } from './get-debriefs';
import { pathOf } from '../../../../shared/endpoint';
import { submitDebrief } from '../../../../shared/endpoints/debriefs';

export const DEBRIEF_OUTBOX_KIND = 'debrief';

export async function handOverDebrief(handoverId: string, body: unknown, queryClient: QueryClient) {
  // Checked here first, so a malformed debrief is refused at once instead of waiting in the outbox.
  const checked = v.safeParse(debriefInputSchema, body);
  if (!checked.success) {
    reportDebriefHandover({ handoverId, status: 'refused', message: checked.issues[0].message });
    return;
  }
  // The server refuses fields it does not know (all but the device extras): so does the check here.
  const unknown = unknownFields(debriefInputSchema, body).filter((f) => !(DEBRIEF_DEVICE_EXTRAS as readonly string[]).includes(f));
  if (unknown.length) {
    reportDebriefHandover({ handoverId, status: 'refused', message: unknownFieldsMessage(unknown) });
    return;
  }
  const label = `Debrief "${checked.output.name || checked.output.scenario.name || 'session'}"`;
  try {
    const r = await sendOrQueue(DEBRIEF_OUTBOX_KIND, label, { method: 'POST', url: pathOf(submitDebrief), json: body });
    if (r.status === 'sent') void queryClient.invalidateQueries({ queryKey: debriefsQueryKey });
    reportDebriefHandover({ handoverId, status: r.status });
  } catch (err) {
    reportDebriefHandover({ handoverId, status: 'refused', message: err instanceof ApiError ? err.message : 'The debrief could not be kept' });
  }
}

/** Listen for hand-overs for the life of the app (main.tsx calls this once). */
export function startDebriefHandover(queryClient: QueryClient): () => void {
  const offNative = onNativeDebrief((handoverId, body) => void handOverDebrief(handoverId, body, queryClient));
  const offSent = onOutboxSent((item) => {
    if (item.kind === DEBRIEF_OUTBOX_KIND) void queryClient.invalidateQueries({ queryKey: debriefsQueryKey });
  });
  return () => {
    offNative();
    offSent();
  };
}
