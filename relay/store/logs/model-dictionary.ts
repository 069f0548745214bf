// Model names interned to small ids so an index row stays fixed-size.
//
// File: `<dir>/models.jsonl`, one JSON string per line; a name's id is its line number
// (0-based). It is append-only, so adding a name costs the same however many exist (a
// rewrite-on-change models.json would be quadratic if callers send many distinct names).
// The writer persists new names before it writes any index row that uses them, so an id in
// an index row always has its line. A torn last line (crash mid-append) is cut at open.
//
// Bounded: at most MAX_MODELS names of at most MAX_NAME_LENGTH characters are interned;
// any other name gets UNINDEXED and a query on it confirms candidates by reading lines.

import { promises as fs } from 'node:fs';
import type { FileHandle } from 'node:fs/promises';
import { appendFully, isNotFound } from './fs-util.js';
import { UNINDEXED } from './index-file.js';

export const MAX_MODELS = 10_000;
export const MAX_NAME_LENGTH = 256;

export class ModelDictionary {
  /** id -> name; null for a line that was not a JSON string (kept so later ids do not move). */
  private readonly names: (string | null)[] = [];
  private readonly ids = new Map<string, number>();
  private persisted = 0;
  /** Bytes of the file holding the persisted names. */
  private fileBytes = 0;
  /** An append failed part-way: cut the file back to fileBytes before the next one. */
  private torn = false;
  private handle: FileHandle | undefined;
  private dirty = false;

  private constructor(
    readonly file: string,
    /** False when the file did not exist at open. */
    readonly existed: boolean,
  ) {}

  static async open(file: string): Promise<ModelDictionary> {
    let text: Buffer;
    try {
      text = await fs.readFile(file);
    } catch (error) {
      if (!isNotFound(error)) throw error;
      return new ModelDictionary(file, false);
    }
    const dictionary = new ModelDictionary(file, true);
    let start = 0;
    for (;;) {
      const newline = text.indexOf(0x0a, start);
      if (newline < 0) break;
      let name: unknown = null;
      try {
        name = JSON.parse(text.toString('utf8', start, newline));
      } catch {
        // keep the slot: rows may hold the ids after it
      }
      dictionary.add(typeof name === 'string' ? name : null);
      start = newline + 1;
    }
    if (start < text.length) await fs.truncate(file, start); // torn last line
    dictionary.persisted = dictionary.names.length;
    dictionary.fileBytes = start;
    return dictionary;
  }

  get size(): number {
    return this.names.length;
  }

  /** The id of `name`, adding it (in memory; see persist) if new and there is room. */
  intern(name: string): number {
    const known = this.ids.get(name);
    if (known !== undefined) return known;
    if (name.length > MAX_NAME_LENGTH || this.names.length >= MAX_MODELS) return UNINDEXED;
    return this.add(name);
  }

  /** Every id holding `name` (normally zero or one). */
  idsOf(name: string): number[] {
    const first = this.ids.get(name);
    if (first === undefined) return [];
    const all: number[] = [];
    for (let id = first; id < this.names.length; id++) if (this.names[id] === name) all.push(id);
    return all;
  }

  /** Appends the names added since the last persist, with one write. */
  async persist(): Promise<void> {
    if (this.persisted === this.names.length) return;
    const end = this.names.length;
    const text = this.names
      .slice(this.persisted, end)
      .map((name) => `${JSON.stringify(name)}\n`)
      .join('');
    const data = Buffer.from(text, 'utf8');
    this.handle ??= await fs.open(this.file, 'a');
    if (this.torn) {
      await this.handle.truncate(this.fileBytes);
      this.torn = false;
    }
    try {
      await appendFully(this.handle, data);
    } catch (error) {
      this.torn = true; // a partial line would shift every later id
      throw error;
    }
    this.fileBytes += data.length;
    this.persisted = end;
    this.dirty = true;
  }

  async sync(): Promise<void> {
    if (!this.dirty || !this.handle) return;
    this.dirty = false;
    await this.handle.datasync();
  }

  /** Forgets every name and empties the file (used when every index is rebuilt). */
  async reset(): Promise<void> {
    await this.close();
    this.names.length = 0;
    this.ids.clear();
    this.persisted = 0;
    this.fileBytes = 0;
    this.torn = false;
    await fs.writeFile(this.file, '');
  }

  async close(): Promise<void> {
    const handle = this.handle;
    this.handle = undefined;
    if (handle) {
      if (this.dirty) await handle.datasync();
      this.dirty = false;
      await handle.close();
    }
  }

  private add(name: string | null): number {
    const id = this.names.length;
    this.names.push(name);
    if (name !== null && !this.ids.has(name)) this.ids.set(name, id);
    return id;
  }
}
