import { createServer } from 'node:net';
import { parsePort } from '../relay/config/port.js';
import type { Dialog } from 'electron';

/** How many ports after the taken one are tried before giving up. */
export const PORT_SEARCH_SPAN = 50;

/** True when `port` can be bound on `host` right now (bound and released at once). */
export function isPortFree(host: string, port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer();
    server.unref();
    server.once('error', () => resolve(false));
    server.listen({ host, port, exclusive: true }, () => server.close(() => resolve(true)));
  });
}

/** The first free port after `takenPort` (within PORT_SEARCH_SPAN), or null. */
export async function findNextFreePort(host: string, takenPort: number, span = PORT_SEARCH_SPAN): Promise<number | null> {
  for (let port = takenPort + 1; port <= Math.min(takenPort + span, 65_535); port += 1) {
    if (await isPortFree(host, port)) return port;
  }
  return null;
}

export const USE_PORT_BUTTON = 0;
export const QUIT_BUTTON = 1;

/**
 * Asks whether to run the relay on `freePort` instead of the taken `takenPort`. Resolves
 * true for "Use port N"; false for "Quit" (also what closing the box with Esc means).
 */
export async function askToUseOtherPort(
  dialog: Pick<Dialog, 'showMessageBox'>,
  takenPort: number,
  freePort: number,
): Promise<boolean> {
  const { response } = await dialog.showMessageBox({
    type: 'warning',
    title: 'Relaydesk: port in use',
    message: `Port ${takenPort} is already in use.`,
    detail:
      `Another program (or another copy of Relaydesk) is using port ${takenPort} on this computer. ` +
      `Relaydesk can run on port ${freePort} instead and will keep using it.\n\n` +
      `Tools set up with http://127.0.0.1:${takenPort} need the new address afterwards.`,
    buttons: [`Use port ${freePort}`, 'Quit'],
    defaultId: USE_PORT_BUTTON,
    cancelId: QUIT_BUTTON,
    noLink: true,
  });
  return response === USE_PORT_BUTTON;
}

/**
 * RELAYDESK_PORT, as `npm start` reads it (0 picks a free port); undefined when unset or
 * empty. An invalid value is an error, as it is for `npm start`.
 */
export function portFromEnv(env: NodeJS.ProcessEnv): number | undefined {
  const text = env.RELAYDESK_PORT;
  if (text === undefined || text === '') return undefined;
  const port = parsePort(text);
  if (port === null) {
    throw new Error(`RELAYDESK_PORT is "${text}": use a number from 0 to 65535, or unset it to use the port in desktop.json (default 3000).`);
  }
  return port;
}
