// The Event Log tab: time (mm:ss, whole seconds), event type and title; a checklist title's result
// code shows as a mark (1 clear, 2 check) and is not shown itself (spec sections 4 and 9).
import type { DebriefEvent } from '../../../../shared/schemas/debriefs';
import { formatEventTime, splitResultCode } from '../debrief-summary';

const MARKS = {
  clear: { glyph: '✗', label: 'Not done' },
  check: { glyph: '✓', label: 'Done' },
} as const;

export function EventLog({ events }: { events: DebriefEvent[] }) {
  if (!events.length) return <p className="muted">No events were recorded.</p>;
  // The device's order, by time; equal times keep their order.
  const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.actualTime - b.e.actualTime || a.i - b.i);
  return (
    <table className="event-log">
      <thead>
        <tr><th scope="col">Time</th><th scope="col">Type</th><th scope="col">Event</th></tr>
      </thead>
      <tbody>
        {ordered.map(({ e, i }) => {
          const { text, result } = splitResultCode(e.title);
          return (
            <tr key={i} data-testid="event-row">
              <td className="event-time">{formatEventTime(e.actualTime)}</td>
              <td className="event-type">{e.eventType}</td>
              <td>
                {result && (
                  <span className={`event-mark ${result}`} role="img" aria-label={MARKS[result].label} title={MARKS[result].label}>
                    {MARKS[result].glyph}
                  </span>
                )}
                <span className="event-title">{text}</span>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}
