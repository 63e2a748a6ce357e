// A student's overall score across attempts, oldest first (beyond the spec). chart.js is
// loaded on first use; the same numbers are listed for screen readers and while it loads.
import { formatShortDay } from '../../../i18n/format';
import { useEffect, useRef, useState } from 'react';
import type { Debrief } from '../../../../shared/schemas/debriefs';
import { debriefDate, overallPercent, scenarioHeading } from '../debrief-summary';
import type { TrendPoint } from './draw-trend-chart';
import { useTranslation } from 'react-i18next';

export function trendPoints(debriefs: Debrief[]): (TrendPoint & { scenario: string })[] {
  return [...debriefs]
    .sort((a, b) => debriefDate(a).localeCompare(debriefDate(b)))
    .flatMap((d) => {
      const percent = overallPercent(d.debriefJson);
      const label = formatShortDay(debriefDate(d));
      return percent === null ? [] : [{ label, percent, scenario: scenarioHeading(d) }];
    });
}

export function ScoreTrend({ debriefs }: { debriefs: Debrief[] }) {
  const { t } = useTranslation('tms');
  const canvas = useRef<HTMLCanvasElement>(null);
  const [state, setState] = useState<'loading' | 'drawn' | 'failed'>('loading');
  const points = trendPoints(debriefs);
  const key = JSON.stringify(points);
  useEffect(() => {
    const data = JSON.parse(key) as TrendPoint[];
    if (data.length < 2) return;
    let destroy: (() => void) | undefined;
    let cancelled = false;
    import('./draw-trend-chart')
      .then(({ drawTrendChart }) => {
        if (cancelled || !canvas.current) return;
        destroy = drawTrendChart(canvas.current, data);
        setState('drawn');
      })
      .catch(() => !cancelled && setState('failed'));
    return () => {
      cancelled = true;
      destroy?.();
    };
  }, [key]);
  if (points.length < 2) return <p className="muted">{t('scoreTrend.theTrendAppearsAfter')}</p>;
  return (
    <figure className="score-trend" data-testid="score-trend" data-state={state}>
      <div className="score-trend-canvas">
        <canvas ref={canvas} role="img" aria-label={t('scoreTrend.overallScoreAcrossAttempts', { length: points.length })} />
      </div>
      {state === 'failed' && <p className="muted">{t('scoreTrend.theChartCouldNot')}</p>}
      <figcaption className="visually-hidden">
        <ol>
          {points.map((p, i) => (
            <li key={i}>{p.label}, {p.scenario}: {p.percent}%</li>
          ))}
        </ol>
      </figcaption>
    </figure>
  );
}
