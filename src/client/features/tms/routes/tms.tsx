// /tms (spec section 2): the debriefs the educator ran, grouped by heading (the scenario;
// 'Unknown Scenario' without a name), each row with student, date and score summary. A row opens the
// debrief's Overview and Event Log. Opens offline with the last data (the persisted query cache).
import { useSearchParams } from 'react-router-dom';
import { useDebriefs } from '../api/get-debriefs';
import { DebriefDetail } from '../components/debrief-detail';
import { DebriefRows } from '../components/debrief-rows';
import { debriefsPending, NoResults } from '../components/debriefs-state';
import { ExportCsvButton } from '../components/export-csv-button';
import { TmsHeader } from '../components/tms-header';
import { groupBy, scenarioHeading, studentName } from '../debrief-summary';
import { useTranslation } from 'react-i18next';

export function Component() {
  const { t } = useTranslation('tms');
  const q = useDebriefs();
  const [params, setParams] = useSearchParams();
  const openId = params.get('debrief');
  const close = () => {
    const next = new URLSearchParams(params);
    next.delete('debrief');
    setParams(next, { replace: true });
  };
  const pending = debriefsPending(q);
  const debriefs = q.data ?? [];
  const open = openId ? debriefs.find((d) => d.uuid_id === openId) : undefined;
  const groups = groupBy(debriefs, scenarioHeading);
  return (
    <section className="tms">
      <TmsHeader />
      {pending ??
        (debriefs.length === 0 ? (
          <NoResults />
        ) : (
          <>
            <p className="muted" data-testid="debrief-count">{t('tms.countDebriefs', { count: debriefs.length }) + ' ' + t('tms.countScenarios', { count: groups.length })}</p>
            {groups.map((g, i) => (
              <section key={g.key} className="card tms-group" aria-labelledby={`tms-group-${i}`} data-testid="debrief-group">
                <div className="tms-group-header">
                  <h2 id={`tms-group-${i}`}>{g.key}</h2>
                  <span className="badge">{g.items.length}</span>
                  <ExportCsvButton debriefs={g.items} what={g.key} />
                </div>
                <DebriefRows debriefs={g.items} title={(d) => studentName(d.student)} />
              </section>
            ))}
          </>
        ))}
      {open && <DebriefDetail debrief={open} onClose={close} />}
    </section>
  );
}
