// The dashboard's charts: requests and spend over time (per hour for a day or two, per day
// for longer ranges, which add tokens in and out and the latency percentiles per day), and
// both by model. The plots (recharts) load lazily; the figures, their empty states and their
// data tables render at once. Every title names its measure and unit.
import { lazy } from 'react';
import { i18n } from '../../i18n/index.js';
import type { UsageData } from '../../api/stats.js';
import { ChartFigure, type TableRow } from './ChartFigure.js';
import { fillHours, hourLabel, niceTicks, topWithOther, totalsByModel, type LabelledValue, type TimePoint } from './chart-data.js';
import { asTimePoints, dayLabel, dayTime as dayTimeOf, fillDays, formatMs, groupsByDay } from './day-data.js';
import { QUOTA_PER_USD, formatCompact, formatNumber, formatUsd, formatUsdCompact } from '../../lib/money.js';

const TimePlot = lazy(() => import('./plots.js').then((module) => ({ default: module.TimePlot })));
const BarsPlot = lazy(() => import('./plots.js').then((module) => ({ default: module.BarsPlot })));
const LinesPlot = lazy(() => import('./plots.js').then((module) => ({ default: module.LinesPlot })));

const TITLE_KEYS = ['requestsOverTime', 'spendOverTime', 'requestsByModel', 'spendByModel', 'requestsPerDay', 'spendPerDay', 'tokensPerDay', 'totalTimePerDay', 'firstBytePerDay'] as const;

/** Each chart's title in the console's language (`operators:charts.titles.<key>`). */
export const CHART_TITLES = Object.defineProperties(
  {},
  Object.fromEntries(TITLE_KEYS.map((key) => [key, { enumerable: true, get: () => i18n.t(`operators:charts.titles.${key}`) }])),
) as Record<(typeof TITLE_KEYS)[number], string>;

/** A measure's or series' name in the console's language. */
const word = (key: string) => i18n.t(`operators:charts.words.${key}`);

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
const REQUESTS: Measure = { get name() { return word('requests'); }, colour: 'var(--chart-requests)', format: formatNumber, formatAxis: formatCompact, ticks: (max) => niceTicks(max, true) };
const SPEND: Measure = {
  get name() {
    return word('spend');
  },
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

const TOKENS: Measure = { get name() { return word('tokens'); }, colour: 'var(--chart-requests)', format: formatNumber, formatAxis: formatCompact, ticks: (max) => niceTicks(max, true) };
const MILLISECONDS: Measure = { name: 'ms', colour: 'var(--chart-requests)', format: formatMs, formatAxis: (ms) => formatNumber(ms), ticks: (max) => niceTicks(max, true) };

const PERCENTILE_SERIES = [
  { key: 'p50', name: 'p50', colour: 'var(--chart-requests)' },
  { key: 'p95', name: 'p95', colour: 'var(--chart-spend)' },
  { key: 'p99', name: 'p99', colour: 'var(--chart-third)' },
];
const TOKEN_SERIES = [
  { key: 'in', get name() { return word('in'); }, colour: 'var(--chart-requests)' },
  { key: 'out', get name() { return word('out'); }, colour: 'var(--chart-spend)' },
];

export function DashboardCharts({ usage, during, plotWidth }: Props) {
  const hours = [...usage.hours].sort((a, b) => a.time - b.time);
  const models = totalsByModel(usage.by_model);
  const byDay = groupsByDay(usage.start_timestamp, usage.end_timestamp) && usage.days !== undefined;
  const days = usage.days ?? [];
  const timeChart = (title: string, measure: Measure, points: TimePoint[], kind: 'bar' | 'area', empty: string) => {
    const filled = byDay ? asTimePoints(fillDays(days, usage.start_timestamp, usage.end_timestamp, () => 0, 0)).map((p) => ({ time: p.time, value: points.find((q) => q.time === p.time)?.value ?? 0 })) : fillHours(points, usage.start_timestamp, usage.end_timestamp);
    const total = filled.reduce((sum, p) => sum + p.value, 0);
    const max = Math.max(0, ...filled.map((p) => p.value));
    const label = byDay ? dayLabel : hourLabel;
    return (
      <ChartFigure
        title={title}
        columns={[byDay ? word('day') : word('hour'), measure.name]}
        rows={points.map((p): TableRow => ({ key: p.time, label: label(p.time), value: measure.format(p.value) }))}
        summary={i18n.t(byDay ? 'operators:charts.summaryDay' : 'operators:charts.summaryHour', { title, total: measure.format(total), max: measure.format(max) })}
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
          heading={label}
          width={plotWidth}
          height={TIME_HEIGHT}
        />
      </ChartFigure>
    );
  };
  /** Several series per day (null: nothing measured that day), each in the table as "name value" pairs. */
  const linesChart = (title: string, measure: Measure, series: typeof PERCENTILE_SERIES, value: (day: (typeof days)[number], key: string) => number | null, empty: string) => {
    const points = fillDays(days, usage.start_timestamp, usage.end_timestamp, () => 0, 0).map(({ time }) => {
      const day = days.find((d) => dayTimeOf(d.day) === time);
      return { time, ...Object.fromEntries(series.map((s) => [s.key, day ? value(day, s.key) : null])) } as { time: number } & Record<string, number | null>;
    });
    const measured = days.filter((day) => series.some((s) => value(day, s.key) !== null));
    const max = Math.max(0, ...points.flatMap((p) => series.map((s) => p[s.key] ?? 0)));
    const text = (day: (typeof days)[number]) => series.map((s) => `${s.name} ${value(day, s.key) === null ? '–' : measure.format(value(day, s.key)!)}`).join(', ');
    return (
      <ChartFigure
        title={title}
        columns={[word('day'), series.map((s) => s.name).join(', ')]}
        rows={measured.map((day): TableRow => ({ key: day.day, label: dayLabel(dayTimeOf(day.day)), value: text(day) }))}
        summary={`${title}: ${measured.map((day) => `${dayLabel(dayTimeOf(day.day))} ${text(day)}`).join('; ')}`}
        empty={measured.length === 0 ? empty : null}
        height={TIME_HEIGHT}
      >
        <LinesPlot points={points} series={series} yTicks={measure.ticks(max)} format={measure.format} formatAxis={measure.formatAxis} heading={dayLabel} width={plotWidth} height={TIME_HEIGHT} />
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
        columns={[word('model'), measure.name]}
        rows={sorted.map((r): TableRow => ({ key: r.label, label: r.label, value: measure.format(r.value) }))}
        summary={`${title}: ${sorted.map((r) => `${r.label} ${measure.format(r.value)}`).join(', ')}`}
        empty={shown.length === 0 ? empty : null}
        height={height}
      >
        <BarsPlot rows={shown} name={measure.name} colour={measure.colour} format={measure.format} width={plotWidth} height={height} />
      </ChartFigure>
    );
  };

  if (byDay) {
    const percentile = (field: 'total_ms' | 'first_byte_ms') => (day: (typeof days)[number], key: string) => day[field][key as 'p50' | 'p95' | 'p99'];
    const noTimes = i18n.t('operators:charts.empty.times', { during });
    return (
      <div className="charts">
        {timeChart(CHART_TITLES.requestsPerDay, REQUESTS, days.map((d) => ({ time: dayTimeOf(d.day), value: d.requests })), 'bar', i18n.t('operators:charts.empty.requests', { during }))}
        {timeChart(CHART_TITLES.spendPerDay, SPEND, days.map((d) => ({ time: dayTimeOf(d.day), value: d.quota })), 'bar', i18n.t('operators:charts.empty.spend', { during }))}
        {linesChart(CHART_TITLES.tokensPerDay, TOKENS, TOKEN_SERIES, (day, key) => (key === 'in' ? day.prompt_tokens : day.completion_tokens), i18n.t('operators:charts.empty.tokens', { during }))}
        {linesChart(CHART_TITLES.totalTimePerDay, MILLISECONDS, PERCENTILE_SERIES, percentile('total_ms'), noTimes)}
        {linesChart(CHART_TITLES.firstBytePerDay, MILLISECONDS, PERCENTILE_SERIES, percentile('first_byte_ms'), noTimes)}
        {modelChart(CHART_TITLES.requestsByModel, REQUESTS, models.map((m) => ({ label: m.model, value: m.requests })), i18n.t('operators:charts.empty.requests', { during }))}
        {modelChart(CHART_TITLES.spendByModel, SPEND, models.map((m) => ({ label: m.model, value: m.quota })), i18n.t('operators:charts.empty.spend', { during }))}
      </div>
    );
  }
  return (
    <div className="charts">
      {timeChart(CHART_TITLES.requestsOverTime, REQUESTS, hours.map((h) => ({ time: h.time, value: h.requests })), 'bar', i18n.t('operators:charts.empty.requests', { during }))}
      {timeChart(CHART_TITLES.spendOverTime, SPEND, hours.map((h) => ({ time: h.time, value: h.quota })), 'area', i18n.t('operators:charts.empty.spend', { during }))}
      {modelChart(CHART_TITLES.requestsByModel, REQUESTS, models.map((m) => ({ label: m.model, value: m.requests })), i18n.t('operators:charts.empty.requests', { during }))}
      {modelChart(CHART_TITLES.spendByModel, SPEND, models.map((m) => ({ label: m.model, value: m.quota })), i18n.t('operators:charts.empty.spend', { during }))}
    </div>
  );
}
