// Deletes kept call bodies older than log_bodies_retention_days: at start, then every interval.
// Several server instances may sweep at once: deleting what is already gone is harmless.
import type { AppLogger } from '../management/context.js';
import { callSettings } from '../settings.js';
import type { StoragePorts } from '../store/ports.js';

const DAY_MS = 86_400_000;

export interface BodySweepDeps {
  store: Pick<StoragePorts, 'bodies' | 'catalog'>;
  log: AppLogger;
  /** Default hourly. */
  intervalMs?: number;
}

export function startBodySweep(deps: BodySweepDeps): { stop(): void; runOnce(now?: number): Promise<number> } {
  const runOnce = async (now = Date.now()) => deps.store.bodies.deleteBefore(now - callSettings(deps.store.catalog).log_bodies_retention_days * DAY_MS);
  const run = () => void runOnce().catch((error: unknown) => deps.log.error(`call bodies sweep: ${(error as Error)?.message ?? error}`));
  run();
  const timer = setInterval(run, deps.intervalMs ?? 3_600_000);
  timer.unref();
  return { stop: () => clearInterval(timer), runOnce };
}
