// The relay counts its histograms itself (cheaper on a call's path); a scraper must read
// exactly what prom-client's own Histogram would have written for the same observations.
import { Histogram, Registry } from 'prom-client';
import { describe, expect, it } from 'vitest';
import { PlainHistogram } from '../../../relay/observability/plain-histogram.js';

const BUCKETS = [0.05, 0.1, 0.5, 1, 5];
const OBSERVED: Array<[Record<string, string>, number]> = [
  [{ model: 'gpt-4o', status: '200' }, 0.03],
  [{ model: 'gpt-4o', status: '200' }, 0.05],
  [{ model: 'gpt-4o', status: '200' }, 0.7],
  [{ model: 'gpt-4o', status: '200' }, 12],
  [{ model: 'claude "q"\\x', status: '502' }, 0.2],
];

describe('PlainHistogram', () => {
  it('writes the same Prometheus text as prom-client’s Histogram for the same observations', async () => {
    const theirs = new Registry();
    const reference = new Histogram({ name: 'calls_seconds', help: 'Call times.', labelNames: ['model', 'status'], buckets: BUCKETS, registers: [theirs] });
    const ours = new Registry();
    const plain = new PlainHistogram('calls_seconds', 'Call times.', BUCKETS);
    plain.register(ours);
    const series = new Map<string, ReturnType<PlainHistogram['series']>>();
    for (const [labels, value] of OBSERVED) {
      reference.observe(labels, value);
      const key = JSON.stringify(labels);
      if (!series.has(key)) series.set(key, plain.series(labels));
      series.get(key)!.observe(value);
    }
    plain.series({ model: 'never', status: '200' }); // no observation: no lines, as prom-client
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain('calls_seconds_bucket{le="0.05",model="gpt-4o",status="200"} 2');
    expect(text).toContain('calls_seconds_bucket{le="+Inf",model="gpt-4o",status="200"} 4');
    expect(text).not.toContain('never');
  });
});
