// A bar chart of monthly counts (chart.js, loaded with the Analytics screen only), y axis from 0 in
// steps of 1 (spec section 9), with the same numbers in a table for screen readers.
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { BarController, BarElement, CategoryScale, Chart, Legend, LinearScale, Tooltip } from 'chart.js';

Chart.register(BarController, BarElement, CategoryScale, LinearScale, Legend, Tooltip);

export interface ChartSeries {
  label: string;
  data: number[];
  color: string;
}

export function BarChart({ title, labels, series }: { title: string; labels: string[]; series: ChartSeries[] }) {
  const { t } = useTranslation('admin');
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    if (!canvas.current) return;
    const reduceMotion = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
    const chart = new Chart(canvas.current, {
      type: 'bar',
      data: { labels, datasets: series.map((s) => ({ label: s.label, data: s.data, backgroundColor: s.color, borderRadius: 3 })) },
      options: {
        responsive: true,
        maintainAspectRatio: false,
        animation: reduceMotion ? false : undefined,
        plugins: { legend: { display: series.length > 1, position: 'bottom' } },
        scales: { y: { beginAtZero: true, ticks: { stepSize: 1, precision: 0 } } },
      },
    });
    return () => chart.destroy();
  }, [labels, series]);
  return (
    <>
      <div className="chart-box">
        <canvas ref={canvas} aria-hidden="true" data-testid="chart" />
      </div>
      {/* Hidden in a block: a table is not clipped by its own overflow, and would widen a phone's page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('chart.month')}</th>
              {series.map((s) => <th key={s.label} scope="col">{s.label}</th>)}
            </tr>
          </thead>
          <tbody>
            {labels.map((month, i) => (
              <tr key={month}>
                <th scope="row">{month}</th>
                {series.map((s) => <td key={s.label}>{s.data[i]}</td>)}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}
