// The per-day sidecar index `<day>.idx`: fixed-size 56-byte rows, little-endian, one per
// line of `<day>.jsonl`, in the same order.
//
//   bytes  0..7   float64  created_at (ms)
//   bytes  8..15  float64  id
//   bytes 16..23  float64  byte offset of the line in the .jsonl
//   bytes 24..27  int32    byte length of the line (without the '\n')
//   bytes 28..31  int32    type
//   bytes 32..35  int32    user_id
//   bytes 36..39  int32    token_id
//   bytes 40..43  int32    channel_id
//   bytes 44..47  int32    model id (see model-dictionary.ts)
//   bytes 48..51  int32    hash of request_id (FNV-1a; equal hashes are confirmed on the line)
//   bytes 52..55  int32    reserved, 0
//
// An int32 column holds UNINDEXED when the value does not fit (not an integer, out of
// int32 range, or a model name the dictionary would not take); a query that filters on
// such a column confirms those rows by reading their line. Rows are read in blocks into
// one ArrayBuffer viewed both as Float64Array and Int32Array, so a scan is a plain
// typed-array loop. Typed arrays use the platform byte order: the store refuses to open
// on a big-endian machine (see log-store.ts).

import type { FileHandle } from 'node:fs/promises';
import { readFully } from './fs-util.js';

export const ROW_BYTES = 56;
const F64_PER_ROW = ROW_BYTES / 8;
const I32_PER_ROW = ROW_BYTES / 4;
export const UNINDEXED = -0x80000000;

/** The int32 column value for `value`, or UNINDEXED when it does not fit. */
export function encodeInt(value: number): number {
  return Number.isInteger(value) && value > UNINDEXED && value <= 0x7fffffff ? value : UNINDEXED;
}

/** 32-bit FNV-1a over the UTF-16 code units: the request_id column. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 0x01000193);
  return hash | 0;
}

export interface IndexRow {
  created_at: number;
  id: number;
  offset: number;
  length: number;
  type: number;
  user_id: number;
  token_id: number;
  channel_id: number;
  model: number;
  request_id: string;
}

/** A block of rows, read from or about to be written to an index file. */
export class RowBlock {
  readonly bytes: Buffer;
  readonly f64: Float64Array;
  readonly i32: Int32Array;
  readonly capacity: number;
  count = 0;

  constructor(capacity: number) {
    const buffer = new ArrayBuffer(capacity * ROW_BYTES);
    this.capacity = capacity;
    this.bytes = Buffer.from(buffer);
    this.f64 = new Float64Array(buffer);
    this.i32 = new Int32Array(buffer);
  }

  createdAt(r: number): number {
    return this.f64[r * F64_PER_ROW]!;
  }
  id(r: number): number {
    return this.f64[r * F64_PER_ROW + 1]!;
  }
  offset(r: number): number {
    return this.f64[r * F64_PER_ROW + 2]!;
  }
  length(r: number): number {
    return this.i32[r * I32_PER_ROW + 6]!;
  }
  model(r: number): number {
    return this.i32[r * I32_PER_ROW + 11]!;
  }

  set(r: number, row: IndexRow): void {
    const f = r * F64_PER_ROW;
    const i = r * I32_PER_ROW;
    this.f64[f] = row.created_at;
    this.f64[f + 1] = row.id;
    this.f64[f + 2] = row.offset;
    this.i32[i + 6] = row.length;
    this.i32[i + 7] = encodeInt(row.type);
    this.i32[i + 8] = encodeInt(row.user_id);
    this.i32[i + 9] = encodeInt(row.token_id);
    this.i32[i + 10] = encodeInt(row.channel_id);
    this.i32[i + 11] = row.model;
    this.i32[i + 12] = hashText(row.request_id);
    this.i32[i + 13] = 0;
  }

  /** Moves every row's line offset by `delta` (rows are built with offsets relative to their batch). */
  shiftOffsets(delta: number): void {
    for (let r = 0; r < this.count; r++) this.f64[r * F64_PER_ROW + 2]! += delta;
  }
}

/** Column positions inside a row, in int32 units, for scan loops that index `i32` directly. */
export const I32_COL = { type: 7, user_id: 8, token_id: 9, channel_id: 10, model: 11, request_id: 12 } as const;
export { F64_PER_ROW, I32_PER_ROW };

/** Reads rows [startRow, startRow + count) (at most the block's capacity) into the block. */
export async function readRows(handle: FileHandle, startRow: number, count: number, block: RowBlock): Promise<number> {
  const want = Math.min(count, block.capacity);
  const got = await readFully(handle, block.bytes, 0, want * ROW_BYTES, startRow * ROW_BYTES);
  block.count = Math.floor(got / ROW_BYTES);
  return block.count;
}

/** The bytes of `rows`, ready to append to an index file. */
export function encodeRows(rows: readonly IndexRow[]): Buffer {
  const block = new RowBlock(rows.length);
  rows.forEach((row, r) => block.set(r, row));
  return block.bytes;
}
