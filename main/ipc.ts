import { ipcMain, type IpcMainInvokeEvent } from 'electron';
import {
  UNTRUSTED_SENDER_MESSAGE,
  type IpcArgs,
  type IpcChannel,
  type IpcResult,
} from './ipc-contract.js';

/**
 * Normalises an origin ("http://127.0.0.1:3000", with or without a path) to the form
 * `URL#origin` produces. Opaque origins ("null": file:, data:, about:blank...) are never
 * trusted, so they come back as null.
 */
export function normalizeOrigin(urlOrOrigin: string): string | null {
  try {
    const origin = new URL(urlOrOrigin).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** True when the frame that sent `event` is a page served from `allowedOrigin`. */
export function isTrustedSender(event: Pick<IpcMainInvokeEvent, 'senderFrame'>, allowedOrigin: string): boolean {
  const expected = normalizeOrigin(allowedOrigin);
  // senderFrame is null when the frame navigated away or was destroyed: reject.
  const url = event.senderFrame?.url;
  if (expected === null || !url) return false;
  return normalizeOrigin(url) === expected;
}

export type IpcHandler<C extends IpcChannel> = (
  event: IpcMainInvokeEvent,
  ...args: IpcArgs<C>
) => IpcResult<C> | Promise<IpcResult<C>>;

/**
 * `ipcMain.handle` with a sender guard: the handler runs only when the invoking frame's
 * origin equals the relay (console) origin; any other sender gets a rejected promise.
 * `allowedOrigin` may be a function so the origin can be read when the call arrives.
 */
export function handle<C extends IpcChannel>(
  channel: C,
  allowedOrigin: string | (() => string | null),
  handler: IpcHandler<C>,
): void {
  ipcMain.handle(channel, async (event: IpcMainInvokeEvent, ...args: unknown[]) => {
    const origin = typeof allowedOrigin === 'function' ? allowedOrigin() : allowedOrigin;
    if (origin === null || !isTrustedSender(event, origin)) {
      throw new Error(`${UNTRUSTED_SENDER_MESSAGE} (channel ${channel})`);
    }
    return handler(event, ...(args as IpcArgs<C>));
  });
}

/** Removes a handler registered with `handle` (used when the relay goes away). */
export function unhandle(channel: IpcChannel): void {
  ipcMain.removeHandler(channel);
}
