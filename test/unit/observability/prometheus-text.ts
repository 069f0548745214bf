// Reads the Prometheus text format as a scraper would: samples by name and labels.
import type { Gateway } from '../../helpers/gateway.js';

export interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

export function parseSamples(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})?\s+(\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample line: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1]!] = pair[2]!.replace(/\\(.)/g, '$1');
    samples.push({ name: match[1]!, labels, value: Number(match[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels` (0 when none). */
export function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v)).reduce((sum, s) => sum + s.value, 0);
}

export const METRICS_TOKEN = 'scrape-token-for-tests-0123456789';

/** Turns metrics on with the test token, as an administrator would in the settings. */
export async function enableMetrics(gateway: Gateway): Promise<void> {
  const saved = await gateway.admin.call('PUT', '/api/option/', { values: { metrics_enabled: true, metrics_token: METRICS_TOKEN } });
  if (!saved.json?.success) throw new Error(`settings not saved: ${saved.text}`);
}

export async function scrape(gateway: Gateway): Promise<Sample[]> {
  const response = await fetch(`${gateway.relay.origin}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`GET /metrics answered ${response.status}: ${text}`);
  return parseSamples(text);
}
