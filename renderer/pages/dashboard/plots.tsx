// The recharts plots. Only this module imports recharts, and the dashboard loads it with
// React.lazy, so no other page downloads the library. Colours are CSS variables
// (dashboard.css), so the plots follow the console's light or dark theme.
import type { ReactElement } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { hourLabel, tickLabel, timeTicks, type LabelledValue, type TimePoint } from './chart-data.js';

export interface PlotSize {
  /** Fixed width in CSS pixels; without it the plot fills its container (measured). */
  width?: number;
  height: number;
}

// The wrapper is role="img" with a summary and the numbers are in the figure's table, so
// recharts' own keyboard layer (a focusable svg) would only add a second, unlabelled stop.
const COMMON = { accessibilityLayer: false } as const;
const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 };
const animate = typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;

/** A fixed-size chart as it is, or one that fills the container's width. */
function sized(size: PlotSize, chart: (width: number | undefined, height: number | undefined) => ReactElement): ReactElement {
  if (size.width !== undefined) return chart(size.width, size.height);
  return (
    <ResponsiveContainer width="100%" height={size.height} minWidth={0}>
      {chart(undefined, undefined)}
    </ResponsiveContainer>
  );
}

function TooltipBox({ heading, name, value, colour }: { heading: string; name: string; value: string; colour: string }) {
  return (
    <div className="chart-tooltip">
      <div className="chart-tooltip__heading">{heading}</div>
      <div>
        <span className="chart-tooltip__swatch" style={{ background: colour }} aria-hidden="true" />
        {name}: <strong>{value}</strong>
      </div>
    </div>
  );
}

interface TimePlotProps extends PlotSize {
  points: TimePoint[];
  /** Bars for a day of hours; an area when there are too many hours for bars to be seen. */
  kind: 'bar' | 'area';
  name: string;
  colour: string;
  format: (value: number) => string;
  formatAxis: (value: number) => string;
}

export function TimePlot({ points, kind, name, colour, format, formatAxis, ...size }: TimePlotProps) {
  const times = points.map((p) => p.time);
  const span = times.length > 1 ? times[times.length - 1]! - times[0]! : 0;
  // Room on the right for the last tick's label, which is centred on its hour.
  const margin = { top: 8, right: 20, bottom: 0, left: 0 };
  const grid = <CartesianGrid vertical={false} stroke="var(--border)" />;
  const xAxis = (
    <XAxis dataKey="time" ticks={timeTicks(times)} interval={0} tickFormatter={(t: number) => tickLabel(t, span)} tick={AXIS_TICK} stroke="var(--border-strong)" tickLine={false} minTickGap={4} />
  );
  const yAxis = <YAxis width={56} tickFormatter={formatAxis} tick={AXIS_TICK} axisLine={false} tickLine={false} allowDecimals={false} />;
  const tooltip = (
    <Tooltip
      cursor={kind === 'bar' ? { fill: 'var(--surface-sunken)' } : { stroke: 'var(--border-strong)' }}
      isAnimationActive={false}
      content={({ active, payload, label }) =>
        active && payload.length > 0 ? <TooltipBox heading={hourLabel(Number(label))} name={name} value={format(Number(payload[0]?.value ?? 0))} colour={colour} /> : null
      }
    />
  );
  return sized(size, (width, height) =>
    kind === 'bar' ? (
      <BarChart {...COMMON} width={width} height={height} data={points} margin={margin} barCategoryGap={1}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        <Bar dataKey="value" name={name} fill={colour} radius={[2, 2, 0, 0]} isAnimationActive={animate} />
      </BarChart>
    ) : (
      <AreaChart {...COMMON} width={width} height={height} data={points} margin={margin}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        <Area dataKey="value" name={name} type="monotone" stroke={colour} strokeWidth={2} fill={colour} fillOpacity={0.18} isAnimationActive={animate} />
      </AreaChart>
    ),
  );
}

interface BarsPlotProps extends PlotSize {
  rows: LabelledValue[];
  name: string;
  colour: string;
  format: (value: number) => string;
}

const LABEL_CHARS = 18;

/** One horizontal bar per row, with its value at the end of the bar. */
export function BarsPlot({ rows, name, colour, format, ...size }: BarsPlotProps) {
  return sized(size, (width, height) => (
    <BarChart {...COMMON} layout="vertical" width={width} height={height} data={rows} margin={{ top: 0, right: 72, bottom: 0, left: 0 }} barCategoryGap={6}>
      <XAxis type="number" hide domain={[0, 'dataMax']} />
      <YAxis
        type="category"
        dataKey="label"
        width={150}
        tick={{ ...AXIS_TICK, fill: 'var(--text)' }}
        tickFormatter={(label: string) => (label.length > LABEL_CHARS ? `${label.slice(0, LABEL_CHARS - 1)}…` : label)}
        axisLine={false}
        tickLine={false}
        interval={0}
      />
      <Tooltip
        cursor={{ fill: 'var(--surface-sunken)' }}
        isAnimationActive={false}
        content={({ active, payload, label }) =>
          active && payload.length > 0 ? <TooltipBox heading={String(label)} name={name} value={format(Number(payload[0]?.value ?? 0))} colour={colour} /> : null
        }
      />
      <Bar dataKey="value" name={name} fill={colour} radius={[0, 4, 4, 0]} maxBarSize={20} isAnimationActive={animate}>
        <LabelList dataKey="value" position="right" formatter={(value: unknown) => format(Number(value))} fill="var(--muted)" fontSize={12} />
      </Bar>
    </BarChart>
  ));
}
