// Small SVG charts (no charting library): a line chart over time and a horizontal bar chart.
import { useEffect, useRef, useState } from 'react';
import type { RefObject } from 'react';
import { formatCompact } from './range.js';

/** The figure's content width in CSS pixels, so the SVG is drawn 1:1 and its text keeps its size. */
function useWidth(): [RefObject<HTMLElement | null>, number] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(480);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const next = Math.round(entry?.contentRect.width ?? 0);
      if (next > 0) setWidth(next);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface SeriesPoint {
  time: number;
  value: number;
}

const HEIGHT = 200;
const PAD = { left: 44, right: 12, top: 12, bottom: 26 };

function timeLabel(seconds: number, spanSeconds: number): string {
  const date = new Date(seconds * 1000);
  if (spanSeconds <= 36 * 3600) return date.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' });
  return date.toLocaleDateString(undefined, { month: 'short', day: 'numeric' });
}

/** Hourly values between start and end (missing hours count as 0), as bars plus a line. */
export function TimeChart({ title, points, start, end, kind }: { title: string; points: SeriesPoint[]; start: number; end: number; kind: 'line' | 'bar' }) {
  const [ref, WIDTH] = useWidth();
  const hour = 3600;
  const first = Math.floor(start / hour) * hour;
  const last = Math.floor(end / hour) * hour;
  const byHour = new Map(points.map((p) => [p.time, p.value]));
  const values: SeriesPoint[] = [];
  for (let t = first; t <= last; t += hour) values.push({ time: t, value: byHour.get(t) ?? 0 });
  const max = Math.max(1, ...values.map((v) => v.value));
  const innerW = WIDTH - PAD.left - PAD.right;
  const innerH = HEIGHT - PAD.top - PAD.bottom;
  const x = (i: number) => PAD.left + (values.length <= 1 ? innerW / 2 : (i / (values.length - 1)) * innerW);
  const y = (v: number) => PAD.top + innerH - (v / max) * innerH;
  const band = innerW / values.length;
  const barW = Math.max(1, band - 1);
  const total = values.reduce((sum, v) => sum + v.value, 0);
  const ticks = [0, 0.5, 1].map((f) => f * max);
  const labels = [0, Math.floor((values.length - 1) / 2), values.length - 1].filter((i, n, all) => all.indexOf(i) === n);

  return (
    <figure className="chart" ref={ref}>
      <figcaption className="chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} role="img" aria-label={`${title}: ${formatCompact(total)} in total, at most ${formatCompact(max)} in one hour`}>
        {ticks.map((t) => (
          <g key={t}>
            <line className="chart__grid" x1={PAD.left} x2={WIDTH - PAD.right} y1={y(t)} y2={y(t)} />
            <text className="chart__axis" x={PAD.left - 6} y={y(t) + 4} textAnchor="end">
              {formatCompact(t)}
            </text>
          </g>
        ))}
        {kind === 'bar'
          ? values.map((v, i) =>
              v.value > 0 ? <rect key={v.time} className="chart__bar" x={PAD.left + i * band} y={y(v.value)} width={barW} height={PAD.top + innerH - y(v.value)} /> : null,
            )
          : <polyline className="chart__line" points={values.map((v, i) => `${x(i)},${y(v.value)}`).join(' ')} />}
        {labels.map((i) => (
          <text key={i} className="chart__axis" x={x(i)} y={HEIGHT - 8} textAnchor={i === 0 ? 'start' : i === values.length - 1 ? 'end' : 'middle'}>
            {values[i] ? timeLabel(values[i].time, end - start) : ''}
          </text>
        ))}
      </svg>
    </figure>
  );
}

/** One horizontal bar per label, longest first. */
export function BarList({ title, rows, format }: { title: string; rows: { label: string; value: number }[]; format: (v: number) => string }) {
  const [ref, WIDTH] = useWidth();
  const LABEL_W = Math.min(170, Math.round(WIDTH * 0.4));
  const maxChars = Math.max(4, Math.floor(LABEL_W / 8.5));
  const sorted = [...rows].sort((a, b) => b.value - a.value).slice(0, 10);
  const max = Math.max(1, ...sorted.map((r) => r.value));
  const rowH = 28;
  const height = sorted.length * rowH;
  return (
    <figure className="chart" ref={ref}>
      <figcaption className="chart__title">{title}</figcaption>
      <svg viewBox={`0 0 ${WIDTH} ${height}`} role="img" aria-label={`${title}: ${sorted.map((r) => `${r.label} ${format(r.value)}`).join(', ')}`}>
        {sorted.map((r, i) => {
          const w = Math.max(2, (r.value / max) * (WIDTH - LABEL_W - 70));
          return (
            <g key={r.label} transform={`translate(0 ${i * rowH})`}>
              <text className="chart__label" x={0} y={18}>
                {r.label.length > maxChars ? `${r.label.slice(0, maxChars - 1)}…` : r.label}
              </text>
              <rect className="chart__bar" x={LABEL_W} y={6} width={w} height={16} rx={3} />
              <text className="chart__label" x={LABEL_W + 6 + w} y={18}>
                {format(r.value)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
