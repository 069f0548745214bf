// The recharts plots. Only this module imports recharts, and the dashboard loads it with
// React.lazy, so no other page downloads the library. Colours are CSS variables
// (dashboard.css), so the plots follow the console's light or dark theme.
import { useLayoutEffect, useRef, useState, type ReactElement } from 'react';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, LabelList, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from 'recharts';
import { hourLabel, shortLabel, tickLabel, timeTicks, type LabelledValue, type TimePoint } from './chart-data.js';

export interface PlotSize {
  /** Fixed width in CSS pixels; without it the plot fills its container (measured). */
  width?: number;
  height: number;
}

// The wrapper is role="img" with a summary and the numbers are in the figure's table, so
// recharts' own keyboard layer (a focusable svg) would only add a second, unlabelled stop.
const COMMON = { accessibilityLayer: false } as const;
const AXIS_TICK = { fill: 'var(--muted)', fontSize: 12 };
/** About one character of a 12 px label (DejaVu Sans is wide), for sizing axes and margins. */
const CHAR_PX = 7.5;
/** Room one time-axis label needs ("12 PM", "Nov 21") with a gap to the next. */
const TICK_SLOT_PX = 64;

/** Read when drawing, not once at import: the setting can change while the console is open. */
function animate(): boolean {
  return typeof window !== 'undefined' && typeof window.matchMedia === 'function' && !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

/**
 * A chart at a fixed width, or at its container's measured width. The width is read before
 * the browser paints (layout effect), so the plot appears with the chunk's first render — not
 * a frame later, as with recharts' ResponsiveContainer, whose first render is empty — and the
 * plots can fit their ticks and labels to it.
 */
function Sized({ size, chart }: { size: PlotSize; chart: (width: number) => ReactElement }) {
  const ref = useRef<HTMLDivElement>(null);
  const [measured, setMeasured] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (size.width !== undefined || element === null) return;
    const update = () => setMeasured(Math.floor(element.getBoundingClientRect().width));
    update();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, [size.width]);
  const width = size.width ?? measured;
  return (
    <div ref={ref} className="chart__canvas" style={{ height: size.height }}>
      {width > 0 ? chart(width) : null}
    </div>
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
  /** Every hour of the range, 0 where nothing happened: one bar slot per hour. */
  points: TimePoint[];
  /** Bars for up to a week of hours; an area when there are too many hours for bars to be seen. */
  kind: 'bar' | 'area';
  /** The y axis, from 0 to the top tick (round numbers; whole ones for counts). */
  yTicks: number[];
  name: string;
  colour: string;
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  /** The tooltip's heading for a point's time (default: the hour). */
  heading?: (time: number) => string;
}

export function TimePlot({ points, kind, yTicks, name, colour, format, formatAxis, heading = hourLabel, ...size }: TimePlotProps) {
  const times = points.map((p) => p.time);
  const span = times.length > 1 ? times[times.length - 1]! - times[0]! : 0;
  // Room on the right for the last tick's label, which is centred on its hour.
  const margin = { top: 8, right: 16, bottom: 0, left: 0 };
  const yWidth = Math.max(24, Math.max(...yTicks.map((t) => formatAxis(t).length)) * CHAR_PX + 10);
  const chart = (width: number) => {
    const ticks = timeTicks(times, (width - yWidth - margin.right) / TICK_SLOT_PX);
    const grid = <CartesianGrid vertical={false} stroke="var(--border)" />;
    const xAxis = (
      <XAxis dataKey="time" ticks={ticks} interval={0} tickFormatter={(t: number) => tickLabel(t, span)} tick={AXIS_TICK} stroke="var(--border-strong)" tickLine={false} />
    );
    const top = yTicks[yTicks.length - 1] ?? 1;
    const yAxis = <YAxis width={yWidth} domain={[0, top]} ticks={yTicks} interval={0} tickFormatter={formatAxis} tick={AXIS_TICK} axisLine={false} tickLine={false} />;
    const tooltip = (
      <Tooltip
        cursor={kind === 'bar' ? { fill: 'var(--surface-sunken)' } : { stroke: 'var(--border-strong)' }}
        isAnimationActive={false}
        content={({ active, payload, label }) =>
          active && payload.length > 0 ? <TooltipBox heading={heading(Number(label))} name={name} value={format(Number(payload[0]?.value ?? 0))} colour={colour} /> : null
        }
      />
    );
    return kind === 'bar' ? (
      // A day of hours gets gaps between its bars; a week's are too narrow for gaps.
      <BarChart {...COMMON} width={width} height={size.height} data={points} margin={margin} barCategoryGap={points.length > 48 ? 0 : '18%'}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        <Bar dataKey="value" name={name} fill={colour} radius={points.length > 48 ? 0 : [2, 2, 0, 0]} isAnimationActive={animate()} />
      </BarChart>
    ) : (
      <AreaChart {...COMMON} width={width} height={size.height} data={points} margin={margin}>
        {grid}
        {xAxis}
        {yAxis}
        {tooltip}
        <Area dataKey="value" name={name} type="monotone" stroke={colour} strokeWidth={2} fill={colour} fillOpacity={0.18} isAnimationActive={animate()} />
      </AreaChart>
    );
  };
  return <Sized size={size} chart={chart} />;
}

interface BarsPlotProps extends PlotSize {
  rows: LabelledValue[];
  name: string;
  colour: string;
  format: (value: number) => string;
}

/** One horizontal bar per row, with its value at the end of the bar. */
export function BarsPlot({ rows, name, colour, format, ...size }: BarsPlotProps) {
  // The value after the bar needs its own room, or the longest bar's value is cut off.
  const valueWidth = Math.max(...rows.map((r) => format(r.value).length), 1) * CHAR_PX + 14;
  const chart = (width: number) => {
    // Model names get 45 % of a narrow plot (a phone: 18 characters) and at most 220 px of a wide one.
    const labelWidth = Math.round(Math.min(220, Math.max(80, width * 0.45)));
    const chars = Math.floor((labelWidth - 8) / CHAR_PX);
    return (
      <BarChart {...COMMON} layout="vertical" width={width} height={size.height} data={rows} margin={{ top: 0, right: valueWidth, bottom: 0, left: 0 }} barCategoryGap={6}>
        <XAxis type="number" hide domain={[0, 'dataMax']} />
        <YAxis
          type="category"
          dataKey="label"
          width={labelWidth}
          tick={{ ...AXIS_TICK, fill: 'var(--text)' }}
          tickFormatter={(label: string) => shortLabel(label, chars)}
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
        <Bar dataKey="value" name={name} fill={colour} radius={[0, 4, 4, 0]} maxBarSize={20} minPointSize={3} isAnimationActive={animate()}>
          <LabelList dataKey="value" position="right" formatter={(value: unknown) => format(Number(value))} fill="var(--muted)" fontSize={12} />
        </Bar>
      </BarChart>
    );
  };
  return <Sized size={size} chart={chart} />;
}

export interface Series {
  key: string;
  name: string;
  colour: string;
}

interface LinesPlotProps extends PlotSize {
  /** One row per time: `time` and a value (or null: not measured) per series key. */
  points: ({ time: number } & Record<string, number | null>)[];
  series: Series[];
  yTicks: number[];
  format: (value: number) => string;
  formatAxis: (value: number) => string;
  heading: (time: number) => string;
}

/** Several measures over time as lines with a legend (latency percentiles, tokens in and out). */
export function LinesPlot({ points, series, yTicks, format, formatAxis, heading, ...size }: LinesPlotProps) {
  const times = points.map((p) => p.time);
  const span = times.length > 1 ? times[times.length - 1]! - times[0]! : 0;
  const margin = { top: 8, right: 16, bottom: 0, left: 0 };
  const yWidth = Math.max(24, Math.max(...yTicks.map((t) => formatAxis(t).length)) * CHAR_PX + 10);
  const chart = (width: number) => (
    <LineChart {...COMMON} width={width} height={size.height} data={points} margin={margin}>
      <CartesianGrid vertical={false} stroke="var(--border)" />
      <XAxis
        dataKey="time"
        ticks={timeTicks(times, (width - yWidth - margin.right) / TICK_SLOT_PX)}
        interval={0}
        tickFormatter={(t: number) => tickLabel(t, span)}
        tick={AXIS_TICK}
        stroke="var(--border-strong)"
        tickLine={false}
      />
      <YAxis width={yWidth} domain={[0, yTicks[yTicks.length - 1] ?? 1]} ticks={yTicks} interval={0} tickFormatter={formatAxis} tick={AXIS_TICK} axisLine={false} tickLine={false} />
      <Tooltip
        isAnimationActive={false}
        content={({ active, payload, label }) =>
          active && payload.length > 0 ? (
            <div className="chart-tooltip">
              <div className="chart-tooltip__heading">{heading(Number(label))}</div>
              {series.map((s) => {
                const value = payload.find((item) => item.dataKey === s.key)?.value;
                return (
                  <div key={s.key}>
                    <span className="chart-tooltip__swatch" style={{ background: s.colour }} aria-hidden="true" />
                    {s.name}: <strong>{value === null || value === undefined ? '–' : format(Number(value))}</strong>
                  </div>
                );
              })}
            </div>
          ) : null
        }
      />
      <Legend verticalAlign="top" height={24} iconType="plainline" wrapperStyle={{ fontSize: 12 }} />
      {series.map((s) => (
        <Line key={s.key} dataKey={s.key} name={s.name} type="monotone" stroke={s.colour} strokeWidth={2} dot={points.length <= 31} connectNulls isAnimationActive={animate()} />
      ))}
    </LineChart>
  );
  return <Sized size={size} chart={chart} />;
}
