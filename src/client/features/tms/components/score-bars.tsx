// The Overview tab: each score against its maximum, drawn as bars.
import type { DebriefScores } from '../../../../shared/schemas/debriefs';
import { SCORE_BARS } from '../debrief-summary';
import { useTranslation } from 'react-i18next';

function Bar({ label, value, max }: { label: string; value: number; max: number }) {
  const share = max > 0 ? Math.max(0, Math.min(1, value / max)) : 0;
  return (
    <div className="score-bar">
      <div className="score-bar-label">
        <span>{label}</span>
        <span data-testid="score-value">{max > 0 ? `${value} / ${max}` : String(value)}</span>
      </div>
      <div className="score-bar-track" role="meter" aria-label={label} aria-valuemin={0} aria-valuemax={max} aria-valuenow={value}>
        <div className="score-bar-fill" style={{ width: `${Math.round(share * 100)}%` }} />
      </div>
    </div>
  );
}

export function ScoreBars({ scores }: { scores: DebriefScores }) {
  const { t } = useTranslation('tms');
  const checks = scores.numPositiveChecks + scores.numNegativeChecks;
  return (
    <div className="score-bars">
      <Bar label={t('scoreBars.positiveChecks')} value={scores.numPositiveChecks} max={checks} />
      {SCORE_BARS.map((b) => (
        <Bar key={b.label} label={t(`summary.${b.label}`)} value={scores[b.value]} max={scores[b.max]} />
      ))}
      <dl className="score-facts">
        <dt>{t('scoreBars.negativeChecks')}</dt><dd>{scores.numNegativeChecks}</dd>
        <dt>{t('scoreBars.cumulativeScore')}</dt><dd>{scores.cumulativeScore}</dd>
      </dl>
    </div>
  );
}
