// The embedded store (state file, quota journal, log files) through the storage ports.
import { join } from 'node:path';
import { describe } from 'vitest';
import { createMemorySecretStore } from '../../../relay/secrets/memory-store.js';
import { createStateChannelStore } from '../../../relay/store/channels.js';
import { embeddedPorts } from '../../../relay/store/embedded/index.js';
import { createStateGroupStore } from '../../../relay/store/groups.js';
import { openLogStore } from '../../../relay/store/logs/index.js';
import { fileBodyStore } from '../../../relay/store/bodies/file-body-store.js';
import { createStateModelStore } from '../../../relay/store/models.js';
import { QuotaBook } from '../../../relay/store/quota-book.js';
import { QuotaJournal } from '../../../relay/store/quota-journal.js';
import { createStateSessionStore } from '../../../relay/store/sessions.js';
import { StateFile } from '../../../relay/store/state-file.js';
import { openStatsStore } from '../../../relay/store/stats/index.js';
import { createStateSupplierStore } from '../../../relay/store/suppliers.js';
import { createStateTokenStore } from '../../../relay/store/tokens.js';
import { createStateUserStore } from '../../../relay/store/users.js';
import { createStateVideoTaskStore } from '../../../relay/store/video-tasks.js';
import { storagePortsContract } from '../../helpers/storage-ports-contract.js';
import type { OpenPorts } from '../../helpers/storage-ports-contract.js';
import { accountsContract } from '../../helpers/accounts-contract.js';
import { limitsContract } from '../../helpers/limits-contract.js';
import { tempDir } from '../../helpers/temp-dir.js';

const openFresh: OpenPorts = async () => {
    const dir = await tempDir();
    const state = await StateFile.open(join(dir, 'state.json'));
    const { journal } = QuotaJournal.open(dir);
    const logs = await openLogStore({ dir: join(dir, 'logs'), beforeWrite: () => journal.commit() });
    const stats = await openStatsStore({ dir: join(dir, 'stats') });
    const ports = embeddedPorts({
      state,
      users: createStateUserStore(state),
      sessions: createStateSessionStore(state),
      tokens: createStateTokenStore(state),
      channels: createStateChannelStore(state, createMemorySecretStore()),
      groups: createStateGroupStore(state),
      suppliers: createStateSupplierStore(state),
      models: createStateModelStore(state),
      videoTasks: createStateVideoTaskStore(state),
      logs,
      bodies: fileBodyStore(join(dir, 'bodies')),
      stats,
      quotaBook: new QuotaBook(state, journal),
      secrets: createMemorySecretStore(),
    });
    return Object.assign(ports, {
      async dispose() {
        await Promise.all([state.flush(), logs.close(), stats.close()]);
        await journal.close();
      },
    });
};

describe('embedded storage ports', () => {
  storagePortsContract(openFresh);
});

describe('embedded storage ports: accounts and money', () => {
  accountsContract(openFresh);
});

describe('embedded storage ports: rate windows and period budgets', () => {
  limitsContract(openFresh);
});
