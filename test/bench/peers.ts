// Other gateways measured in the same run as the relay (`npm run bench -- --peers`). Each is
// installed on demand into test/bench/.peers/ (git-ignored, never a dependency of the project);
// a peer that cannot be installed or started is skipped with a line saying why.
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Target } from './load.js';
import { startPinned } from './processes.js';
import { CHAT_MODEL } from './relay-setup.js';

const PORTKEY = '@portkey-ai/gateway@1.15.2';
const peersDir = join(import.meta.dirname, '.peers');

export interface Peer {
  child: import('node:child_process').ChildProcess;
  target: Target;
}

/**
 * Portkey's open-source gateway, started on `core` and pointed at the bench's upstream as an
 * OpenAI provider with a custom host. Only whole JSON answers are measured: on Node 20 its
 * 1.15.2 fails streams and embeddings from a custom host (it appends headers to the fetch
 * Response it passes on, whose headers are immutable here).
 */
export async function startPortkey(core: number, upstreamUrl: string, log: (text: string) => void): Promise<Peer | undefined> {
  const prefix = join(peersDir, 'portkey');
  const script = join(prefix, 'node_modules/@portkey-ai/gateway/build/start-server.js');
  try {
    if (!existsSync(script)) {
      log(`Installing ${PORTKEY} into ${prefix} (once)…`);
      await promisify(execFile)('npm', ['install', '--prefix', prefix, '--no-audit', '--no-fund', '--ignore-scripts', '--no-package-lock', PORTKEY], { timeout: 300_000 });
    }
    const port = await freePort();
    const { child } = await startPinned(core, [script, `--port=${port}`, '--headless'], /Ready for connections/);
    return {
      child,
      target: {
        name: `Portkey ${PORTKEY.split('@')[2]}`,
        url: `http://127.0.0.1:${port}/v1/chat/completions`,
        headers: { 'x-portkey-provider': 'openai', 'x-portkey-custom-host': `${upstreamUrl}/v1`, authorization: 'Bearer sk-bench' },
        body: (stream, text = 'hello') => JSON.stringify({ model: CHAT_MODEL, stream, messages: [{ role: 'user', content: text }] }),
        jsonOnly: true,
      },
    };
  } catch (error) {
    log(`Portkey skipped: ${(error as Error).message.split('\n')[0]}`);
    return undefined;
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as import('node:net').AddressInfo;
      server.close(() => resolve(port));
    });
  });
}
