import { onTestFinished } from 'vitest';
import { startPostgresCluster } from './postgres-cluster.js';
import type { PostgresCluster } from './postgres-cluster.js';

/**
 * A PostgreSQL cluster of the test's own, for tests that stop and restart it (the shared one
 * of test/system/servers-setup.ts must stay up for the others). Removed when the test ends.
 */
export async function ownPostgres(): Promise<PostgresCluster> {
  const cluster = await startPostgresCluster();
  onTestFinished(() => cluster.remove());
  return cluster;
}
