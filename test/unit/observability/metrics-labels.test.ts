// The model label comes from the client: its distinct values are capped, so a client cannot
// grow the series without bound.
import { describe, expect, it } from 'vitest';
import { RelayMetrics } from '../../../relay/observability/metrics.js';
import { createMemoryCooldowns } from '../../../relay/routing/cooldowns.js';
import { parseSamples, total } from './prometheus-text.js';

describe('relaydesk_calls_total model labels', () => {
  it('keeps the first 500 model names and counts any further one as (other)', async () => {
    const metrics = new RelayMetrics({ channels: () => [] }, createMemoryCooldowns());
    for (let index = 0; index < 510; index++) metrics.begin({ family: 'chat', model: `model-${index}`, stream: false }).end({ status: 404, cost: 0 });
    metrics.begin({ family: 'chat', model: 'model-3', stream: false }).end({ status: 404, cost: 0 });
    const samples = parseSamples(await metrics.registry.metrics());
    const calls = samples.filter((s) => s.name === 'relaydesk_calls_total');
    expect(new Set(calls.map((s) => s.labels.model)).size).toBe(501);
    expect(total(samples, 'relaydesk_calls_total', { model: '(other)' })).toBe(10);
    expect(total(samples, 'relaydesk_calls_total', { model: 'model-3' })).toBe(2);
    expect(total(samples, 'relaydesk_calls_total')).toBe(511);
  });
});
