// Settings are read on every call, so they are kept between changes: a change made through
// the state's update() is read at once through the call catalog, and nothing else is
// recomputed meanwhile.
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { callSettings, settingsOf } from '../../../relay/settings.js';
import { embeddedCatalog } from '../../../relay/store/embedded/catalog.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { tempDir } from '../../helpers/temp-dir.js';

describe('reading the settings', () => {
  it('answers the defaults under the stored options, each change at once, and the same settings between changes', async () => {
    const state = await StateFile.open(join(await tempDir(), 'state.json'));
    const catalog = embeddedCatalog({ state } as Parameters<typeof embeddedCatalog>[0]);
    const readSettings = (_: StateFile) => callSettings(catalog);
    const first = readSettings(state);
    expect(first.retry_times).toBe(2);
    expect(readSettings(state)).toBe(first); // kept: no update since
    state.touch((data) => (data.ledger_seq += 1)); // per-call counters do not count as a change
    expect(readSettings(state)).toBe(first);

    await state.update((data) => {
      data.options.retry_times = 5;
    });
    expect(readSettings(state).retry_times).toBe(5);
    state.update((data) => {
      delete data.options.retry_times;
    });
    expect(readSettings(state).retry_times).toBe(2); // read before the write is even on disk
    expect(Object.isFrozen(readSettings(state))).toBe(true);
    await state.flush();
  });

  it('parses stored values (the storage ports) into settings: defaults under them, names unknown or of the wrong type left out', () => {
    const settings = settingsOf({ retry_times: 5, site_name: 'Ours', auto_disable_channel: 'yes', setup_wizard: 'channel' });
    expect(settings.retry_times).toBe(5);
    expect(settings.site_name).toBe('Ours');
    expect(settings.auto_disable_channel).toBe(true); // a string is no boolean: the default
    expect(settings.log_retention_days).toBe(90);
    expect(settings).not.toHaveProperty('setup_wizard');
    expect(Object.isFrozen(settings)).toBe(true);
  });
});
