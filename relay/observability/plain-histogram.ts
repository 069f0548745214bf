import type { Metric, Registry } from 'prom-client';

/** One label set's observations: counted in plain numbers on the call's path. */
export class HistogramSeries {
  /** Per bucket, not cumulative (the scrape adds them up). */
  readonly counts: number[];
  sum = 0;
  count = 0;

  constructor(
    readonly labels: Readonly<Record<string, string>>,
    private readonly bounds: readonly number[],
  ) {
    this.counts = bounds.map(() => 0);
  }

  observe(value: number): void {
    this.sum += value;
    this.count++;
    const bounds = this.bounds;
    for (let i = 0; i < bounds.length; i++) {
      if (value <= bounds[i]!) {
        this.counts[i]!++;
        return;
      }
    }
  }
}

interface Sample {
  labels: Record<string, string | number>;
  /** The series' own labels (after `labels`, as prom-client writes a bucket's `le` first). */
  sharedLabels: Readonly<Record<string, string>>;
  value: number;
  metricName: string;
}

/**
 * A Prometheus histogram whose observations are plain additions to a series the caller keeps
 * (prom-client's own `observe` hashes the label set on every call: microseconds a time), read
 * by the registry at each scrape through the metric interface it documents (`name`, `help`,
 * `type`, `get`).
 */
export class PlainHistogram {
  private readonly all: HistogramSeries[] = [];

  constructor(
    readonly name: string,
    readonly help: string,
    private readonly bounds: readonly number[],
  ) {}

  /** Read by `registry` at each scrape. */
  register(registry: Registry): void {
    const metric = { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', get: () => Promise.resolve(this.snapshot()) };
    // A metric object of our own; prom-client's types only name its classes.
    registry.registerMetric(metric as unknown as Metric);
  }

  /** A new series for `labels` (the caller keeps it and observes into it). */
  series(labels: Readonly<Record<string, string>>): HistogramSeries {
    const series = new HistogramSeries(labels, this.bounds);
    this.all.push(series);
    return series;
  }

  private snapshot() {
    const values: Sample[] = [];
    for (const series of this.all) {
      if (series.count === 0) continue;
      let cumulative = 0;
      this.bounds.forEach((le, i) => {
        cumulative += series.counts[i]!;
        values.push({ labels: { le }, sharedLabels: series.labels, value: cumulative, metricName: `${this.name}_bucket` });
      });
      values.push({ labels: { le: '+Inf' }, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_bucket` });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.sum, metricName: `${this.name}_sum` });
      values.push({ labels: {}, sharedLabels: series.labels, value: series.count, metricName: `${this.name}_count` });
    }
    return { name: this.name, help: this.help, type: 'histogram', aggregator: 'sum', values };
  }
}
