// 'N adaptations' of a scenario: the public ones listed with their authors.
import { Link } from 'react-router-dom';
import type { Scenario } from '../../../../shared/schemas/scenarios';
import { useExchangeT } from '../../../i18n/exchange';
import { useScenarioAdaptations } from '../api/scenario-adaptations';

/** `ask`: whether to ask for the list yet (its heading shows at once). */
export function AdaptationsList({ scenario, ask = true }: { scenario: Scenario; ask?: boolean }) {
  const t = useExchangeT();
  const { data } = useScenarioAdaptations(scenario.uuid_id, ask && scenario.num_adaptations > 0);
  if (scenario.num_adaptations === 0) return null;
  return (
    <section className="card adaptations" aria-labelledby="adaptations-title" data-testid="adaptations-list">
      <h2 id="adaptations-title">{t('adaptationsTitle')} <span className="muted">({t('adaptations', { count: scenario.num_adaptations })})</span></h2>
      {data && data.adaptations.length === 0 && <p className="muted">{t('noPublicAdaptations')}</p>}
      {data && data.adaptations.length > 0 && (
        <ul className="plain-list">
          {data.adaptations.map((a) => (
            <li key={a.uuid_id}><Link to={`/scenario/${a.uuid_id}`}>{t('adaptationBy', { name: a.name, author: a.author })}</Link></li>
          ))}
        </ul>
      )}
    </section>
  );
}
