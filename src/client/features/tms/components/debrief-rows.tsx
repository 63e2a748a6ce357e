// Rows of debriefs; each opens its detail (?debrief=<uuid>) over the current view.
import { Link, useSearchParams } from 'react-router-dom';
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { debriefDate, formatDebriefDate, formatPercent, overallPercent, scoreSummary } from '../debrief-summary';
import { useTranslation } from 'react-i18next';

export function DebriefRows({ debriefs, title }: { debriefs: Debrief[]; title: (d: Debrief) => string }) {
  const { t } = useTranslation('tms');
  const [params] = useSearchParams();
  const hrefFor = (d: Debrief) => {
    const next = new URLSearchParams(params);
    next.set('debrief', d.uuid_id);
    return `?${next}`;
  };
  return (
    <ul className="debrief-rows">
      {debriefs.map((d) => (
        <li key={d.uuid_id}>
          <Link to={hrefFor(d)} className="debrief-row" data-testid="debrief-row">
            <span className="debrief-row-title">{title(d)}</span>
            <span className="debrief-row-date muted">{formatDebriefDate(debriefDate(d))}</span>
            <span className="debrief-row-scores">{scoreSummary(d.debriefJson)}</span>
            <span className="debrief-row-overall" title={t('debriefRows.overallScore')}>{formatPercent(overallPercent(d.debriefJson))}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
