// Public API of the hourly usage statistics store (see stats-store.ts for the design and file format).

export { addMetrics, emptyMetrics, openStatsStore } from './stats-store.js';
export type { StatsEntry, StatsMetrics, StatsQuery, StatsRow, StatsStore, StatsStoreOptions } from './stats-store.js';
export { dayFormatter } from './latency.js';
export type { LatencyQuery, LatencyReport, LatencySummary, Percentiles } from './latency.js';
