/**
 * The preload runs with `sandbox: true`, where Electron evaluates it as a classic script
 * inside `(function (require, process, Buffer, global, setImmediate, clearImmediate,
 * exports, module) { ... })` with a `require` that only knows 'electron' and a few Node
 * built-ins. ESM output (`import`/`export`) is a SyntaxError there and requiring another
 * file of the app throws. This test compiles main/preload.cts with the project's build
 * tsconfig exactly as `tsc -p tsconfig.build.json` would, and runs the emitted file in
 * such a wrapper.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import vm from 'node:vm';
import ts from 'typescript';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { IPC_CHANNELS } from '../../main/ipc-contract.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const preloadSource = path.join(root, 'main', 'preload.cts');

interface Emitted {
  file: string;
  text: string;
  diagnostics: readonly ts.Diagnostic[];
}

function compilePreload(): Emitted {
  const configPath = path.join(root, 'tsconfig.build.json');
  const parsed = ts.getParsedCommandLineOfConfigFile(configPath, {}, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (d) => {
      throw new Error(ts.flattenDiagnosticMessageText(d.messageText, '\n'));
    },
  });
  if (!parsed) throw new Error('cannot read tsconfig.build.json');
  expect(parsed.fileNames).toContain(preloadSource); // the build really compiles it
  const options = { ...parsed.options, incremental: false, tsBuildInfoFile: undefined, sourceMap: false };
  const program = ts.createProgram({ rootNames: [preloadSource], options });
  const sourceFile = program.getSourceFile(preloadSource)!;
  const diagnostics = ts.getPreEmitDiagnostics(program, sourceFile);
  const out: { file: string; text: string }[] = [];
  program.emit(sourceFile, (file, text) => out.push({ file, text }));
  const js = out.find((o) => /\.c?js$/.test(o.file));
  if (!js) throw new Error(`nothing emitted for preload: ${out.map((o) => o.file).join(', ')}`);
  return { ...js, diagnostics };
}

function runSandboxed(code: string) {
  const exposed = new Map<string, unknown>();
  const invoke = vi.fn(async (channel: string) => (channel === IPC_CHANNELS.appVersion ? '1.2.3' : undefined));
  const ipcRenderer = { invoke, send: vi.fn(), on: vi.fn(), sendSync: vi.fn() };
  const electron = {
    contextBridge: { exposeInMainWorld: vi.fn((key: string, api: unknown) => exposed.set(key, api)) },
    ipcRenderer,
  };
  const required: string[] = [];
  const sandboxRequire = (id: string) => {
    required.push(id);
    if (id === 'electron') return electron;
    throw new Error(`module not found: ${id}`);
  };
  const wrapper = `(function (require, process, Buffer, global, setImmediate, clearImmediate, exports, module) {\n${code}\n})`;
  // new vm.Script throws a SyntaxError for ESM syntax, as Electron's sandbox would.
  const fn = new vm.Script(wrapper, { filename: 'preload.cjs' }).runInNewContext({}) as (...args: unknown[]) => void;
  const module = { exports: {} };
  fn(sandboxRequire, {}, undefined, {}, setImmediate, clearImmediate, module.exports, module);
  return { exposed, required, invoke, ipcRenderer, electron };
}

let emitted: Emitted;
beforeAll(() => {
  emitted = compilePreload();
}, 60_000);

describe('compiled preload', () => {
  it('type-checks and is emitted as dist/node/main/preload.cjs', () => {
    expect(emitted.diagnostics.map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'))).toEqual([]);
    expect(path.relative(root, emitted.file).split(path.sep).join('/')).toBe('dist/node/main/preload.cjs');
  });

  it('is CommonJS without ES module syntax', () => {
    expect(emitted.text).not.toMatch(/^\s*(import|export)\s/m);
    expect(emitted.text).toMatch(/require\("electron"\)/);
    expect(() => new vm.Script(`(function (require, exports, module) {\n${emitted.text}\n})`)).not.toThrow();
  });

  it('runs in a sandbox-like wrapper requiring nothing but electron', () => {
    const { required, exposed } = runSandboxed(emitted.text);
    expect(required).toEqual(['electron']);
    expect([...exposed.keys()]).toEqual(['relaydesk']);
  });

  it('exposes only named methods, never ipcRenderer', async () => {
    const { exposed, invoke, ipcRenderer, electron } = runSandboxed(emitted.text);
    const bridge = exposed.get('relaydesk') as Record<string, unknown>;
    expect(Object.keys(bridge).sort()).toEqual([
      'appVersion',
      'copyToClipboard',
      'getStartAtLogin',
      'openDataFolder',
      'setStartAtLogin',
    ]);
    for (const value of Object.values(bridge)) {
      expect(typeof value).toBe('function');
      expect([ipcRenderer, invoke, ipcRenderer.send, ipcRenderer.on, electron]).not.toContain(value);
    }
    const api = bridge as {
      appVersion(): Promise<string>;
      openDataFolder(): Promise<void>;
      copyToClipboard(text: string): Promise<void>;
      getStartAtLogin(): Promise<boolean>;
      setStartAtLogin(enabled: boolean): Promise<boolean>;
    };
    await expect(api.appVersion()).resolves.toBe('1.2.3');
    await expect(api.openDataFolder()).resolves.toBeUndefined();
    await api.copyToClipboard('sk-abc');
    await api.getStartAtLogin();
    await api.setStartAtLogin(true);
    // The channel names repeated in the preload match the contract the main process uses,
    // and the arguments go through unchanged (nothing extra the main process would trust).
    expect(invoke.mock.calls).toEqual([
      [IPC_CHANNELS.appVersion],
      [IPC_CHANNELS.openDataFolder],
      [IPC_CHANNELS.copyToClipboard, 'sk-abc'],
      [IPC_CHANNELS.getStartAtLogin],
      [IPC_CHANNELS.setStartAtLogin, true],
    ]);
    // …and every channel of the contract is reachable from the bridge, none forgotten.
    expect(new Set(invoke.mock.calls.map(([channel]) => channel))).toEqual(new Set(Object.values(IPC_CHANNELS)));
  });
});
