/**
 * The IPC contract between the sandboxed preload (`preload.cts`) and the main process
 * (`ipc.ts`). Every channel the renderer may invoke is listed here with its argument
 * and result types; nothing else is reachable from the console.
 *
 * Keep this file free of runtime imports: the preload cannot load it at run time (a
 * sandboxed preload may only `require('electron')` and a few Node built-ins), so the
 * preload repeats the channel names and is type-checked against `IPC_CHANNELS` below.
 */
export const IPC_CHANNELS = {
  appVersion: 'relaydesk:app-version',
  openDataFolder: 'relaydesk:open-data-folder',
  copyToClipboard: 'relaydesk:copy-to-clipboard',
  getStartAtLogin: 'relaydesk:get-start-at-login',
  setStartAtLogin: 'relaydesk:set-start-at-login',
} as const;

export type IpcChannelKey = keyof typeof IPC_CHANNELS;
export type IpcChannel = (typeof IPC_CHANNELS)[IpcChannelKey];

/** Argument tuple and result of each channel (the result is what `invoke` resolves to). */
export interface IpcContract {
  'relaydesk:app-version': { args: []; result: string };
  'relaydesk:open-data-folder': { args: []; result: void };
  /** Rejected when `text` is not a string or longer than MAX_CLIPBOARD_TEXT_LENGTH. */
  'relaydesk:copy-to-clipboard': { args: [text: string]; result: void };
  'relaydesk:get-start-at-login': { args: []; result: boolean };
  /** Resolves to the state now in effect (the OS may refuse). */
  'relaydesk:set-start-at-login': { args: [enabled: boolean]; result: boolean };
}

/** The most the console may put on the clipboard at once (characters): keys, configs, a log record. */
export const MAX_CLIPBOARD_TEXT_LENGTH = 1_000_000;

export type IpcArgs<C extends IpcChannel> = IpcContract[C]['args'];
export type IpcResult<C extends IpcChannel> = IpcContract[C]['result'];

/**
 * `window.relaydesk` as the console sees it: one method per channel, named like its key in
 * IPC_CHANNELS. The preload's bridge object is declared with this type, so the two cannot
 * drift; the renderer imports it type-only (renderer/lib/desktop-bridge.ts).
 */
export type RelaydeskBridge = {
  [K in IpcChannelKey]: (...args: IpcArgs<(typeof IPC_CHANNELS)[K]>) => Promise<IpcResult<(typeof IPC_CHANNELS)[K]>>;
};

/** Thrown (as a rejected `invoke`) when a frame outside the console calls a channel. */
export const UNTRUSTED_SENDER_MESSAGE = 'Relaydesk IPC: sender is not the Relaydesk console';
