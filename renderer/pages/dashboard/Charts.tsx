// The dashboard's four charts over the statistics API's hourly buckets: requests and spend
// per hour, and both by model. The plots (recharts) load lazily; the figures, their empty
// states and their data tables render at once.
import { lazy } from 'react';
import type { UsageData } from '../../api/stats.js';
import { ChartFigure, type TableRow } from './ChartFigure.js';
import { fillHours, hourLabel, niceTicks, topWithOther, totalsByModel, type LabelledValue, type TimePoint } from './chart-data.js';
import { QUOTA_PER_USD, formatCompact, formatNumber, formatUsd, formatUsdCompact } from '../../lib/money.js';

const TimePlot = lazy(() => import('./plots.js').then((module) => ({ default: module.TimePlot })));
const BarsPlot = lazy(() => import('./plots.js').then((module) => ({ default: module.BarsPlot })));

export const CHART_TITLES = {
  requestsOverTime: 'Requests per hour',
  spendOverTime: 'Spend per hour',
  requestsByModel: 'Requests by model',
  spendByModel: 'Spend by model',
} as const;

const TIME_HEIGHT = 220;
/** Up to a week of hours is drawn as bars (one slot per hour); a month's would be thinner than a pixel. */
const MAX_BARS = 7 * 24 + 1;
const MAX_MODELS = 8;
const MODEL_ROW_HEIGHT = 30;

interface Measure {
  name: string;
  colour: string;
  /** Exact, for the table and the tooltip. */
  format: (value: number) => string;
  /** Short, for axis ticks. */
  formatAxis: (value: number) => string;
  /** Y-axis ticks from 0 up to the largest value. */
  ticks: (max: number) => number[];
}

// Counts get whole ticks (one request: 0 and 1); spend gets round dollar amounts.
const REQUESTS: Measure = { name: 'Requests', colour: 'var(--chart-requests)', format: formatNumber, formatAxis: formatCompact, ticks: (max) => niceTicks(max, true) };
const SPEND: Measure = {
  name: 'Spend',
  colour: 'var(--chart-spend)',
  format: formatUsd,
  formatAxis: formatUsdCompact,
  ticks: (max) => niceTicks(max / QUOTA_PER_USD, false).map((usd) => usd * QUOTA_PER_USD),
};

interface Props {
  usage: UsageData;
  /** "in the last 24 hours", "from Nov 3 to Nov 10": for the empty states. */
  during: string;
  /** Fixed plot width in CSS pixels (tests: happy-dom has no layout); otherwise measured. */
  plotWidth?: number;
}

export function DashboardCharts({ usage, during, plotWidth }: Props) {
  const hours = [...usage.hours].sort((a, b) => a.time - b.time);
  const models = totalsByModel(usage.by_model);
  const timeChart = (title: string, measure: Measure, points: TimePoint[], kind: 'bar' | 'area', empty: string) => {
    const filled = fillHours(points, usage.start_timestamp, usage.end_timestamp);
    const total = filled.reduce((sum, p) => sum + p.value, 0);
    const max = Math.max(0, ...filled.map((p) => p.value));
    return (
      <ChartFigure
        title={title}
        columns={['Hour', measure.name]}
        rows={points.map((p): TableRow => ({ key: p.time, label: hourLabel(p.time), value: measure.format(p.value) }))}
        summary={`${title}: ${measure.format(total)} in total, at most ${measure.format(max)} in one hour`}
        empty={total === 0 ? empty : null}
        height={TIME_HEIGHT}
      >
        <TimePlot
          points={filled}
          kind={filled.length <= MAX_BARS ? kind : 'area'}
          yTicks={measure.ticks(max)}
          name={measure.name}
          colour={measure.colour}
          format={measure.format}
          formatAxis={measure.formatAxis}
          width={plotWidth}
          height={TIME_HEIGHT}
        />
      </ChartFigure>
    );
  };
  const modelChart = (title: string, measure: Measure, rows: LabelledValue[], empty: string) => {
    const sorted = topWithOther(rows, rows.length);
    const shown = topWithOther(rows.filter((r) => r.value > 0), MAX_MODELS);
    const height = Math.max(1, shown.length) * MODEL_ROW_HEIGHT + 8;
    return (
      <ChartFigure
        title={title}
        columns={['Model', measure.name]}
        rows={sorted.map((r): TableRow => ({ key: r.label, label: r.label, value: measure.format(r.value) }))}
        summary={`${title}: ${sorted.map((r) => `${r.label} ${measure.format(r.value)}`).join(', ')}`}
        empty={shown.length === 0 ? empty : null}
        height={height}
      >
        <BarsPlot rows={shown} name={measure.name} colour={measure.colour} format={measure.format} width={plotWidth} height={height} />
      </ChartFigure>
    );
  };

  return (
    <div className="charts">
      {timeChart(CHART_TITLES.requestsOverTime, REQUESTS, hours.map((h) => ({ time: h.time, value: h.requests })), 'bar', `No requests ${during}.`)}
      {timeChart(CHART_TITLES.spendOverTime, SPEND, hours.map((h) => ({ time: h.time, value: h.quota })), 'area', `Nothing spent ${during}.`)}
      {modelChart(CHART_TITLES.requestsByModel, REQUESTS, models.map((m) => ({ label: m.model, value: m.requests })), `No requests ${during}.`)}
      {modelChart(CHART_TITLES.spendByModel, SPEND, models.map((m) => ({ label: m.model, value: m.quota })), `Nothing spent ${during}.`)}
    </div>
  );
}
