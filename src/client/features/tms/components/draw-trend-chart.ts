// chart.js, tree-shaken to a line chart, in its own chunk: only the student view loads it.
import { CategoryScale, Chart, Filler, LinearScale, LineController, LineElement, PointElement, Tooltip } from 'chart.js';

import { i18n } from '../../../i18n';

Chart.register(LineController, LineElement, PointElement, LinearScale, CategoryScale, Tooltip, Filler);

export interface TrendPoint {
  label: string;
  percent: number;
}

export function drawTrendChart(canvas: HTMLCanvasElement, points: TrendPoint[]): () => void {
  const chart = new Chart(canvas, {
    type: 'line',
    data: {
      labels: points.map((p) => p.label),
      datasets: [
        {
          label: i18n.t('scoreTrend.chartLabel', { ns: 'tms' }),
          data: points.map((p) => p.percent),
          borderColor: '#0b5c7a',
          backgroundColor: 'rgba(11, 92, 122, 0.12)',
          fill: true,
          tension: 0.25,
          pointRadius: 4,
        },
      ],
    },
    options: {
      responsive: true,
      maintainAspectRatio: false,
      animation: false,
      scales: { y: { min: 0, max: 100, ticks: { callback: (v) => `${v}%` } } },
      plugins: { tooltip: { callbacks: { label: (ctx) => `${ctx.parsed.y}%` } } },
    },
  });
  return () => chart.destroy();
}
