// The Event Log tab: each event leads with its result mark and title, then its time (mm:ss, whole
// seconds); the simulator's event type code follows small, explained by the legend under the table.
// A checklist title's result code shows as a mark (1 clear, 2 check) and is not shown itself
// (spec sections 4 and 9).
import { useTranslation } from 'react-i18next';
import type { DebriefEvent } from '../../../../shared/schemas/debriefs';
import { formatEventTime, splitResultCode } from '../debrief-summary';

const GLYPHS = { clear: '✗', check: '✓' } as const;

export function EventLog({ events }: { events: DebriefEvent[] }) {
  const { t } = useTranslation('tms');
  if (!events.length) return <p className="muted">{t('eventLog.empty')}</p>;
  const markLabel = { clear: t('eventLog.notDone'), check: t('eventLog.done') };
  // The device's order, by time; equal times keep their order.
  const ordered = events.map((e, i) => ({ e, i })).sort((a, b) => a.e.actualTime - b.e.actualTime || a.i - b.i);
  return (
    <>
      <table className="event-log">
        <thead>
          <tr><th scope="col">{t('eventLog.event')}</th><th scope="col">{t('eventLog.time')}</th><th scope="col" className="event-type">{t('eventLog.code')}</th></tr>
        </thead>
        <tbody>
          {ordered.map(({ e, i }) => {
            const { text, result } = splitResultCode(e.title);
            return (
              <tr key={i} data-testid="event-row">
                <td className="event-name">
                  <span className={`event-mark ${result ?? ''}`}>
                    {result && (
                      <span role="img" aria-label={markLabel[result]} title={markLabel[result]}>{GLYPHS[result]}</span>
                    )}
                  </span>
                  <span className="event-title">{text}</span>
                </td>
                <td className="event-time">{formatEventTime(e.actualTime)}</td>
                <td className="event-type">{e.eventType}</td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="event-legend muted" data-testid="event-legend">
        <span><span className="event-mark check" aria-hidden="true">✓</span>{t('eventLog.done')}</span>
        <span><span className="event-mark clear" aria-hidden="true">✗</span>{t('eventLog.notDone')}</span>
        <span>{t('eventLog.codeLegend')}</span>
      </p>
    </>
  );
}
