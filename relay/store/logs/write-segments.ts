// Appended records waiting to be written, already encoded (log-store.ts, Writes).

import { RowBlock } from './index-file.js';

/** A write batch: up to this many bytes of lines and this many rows (one write each). */
export const SEGMENT_BYTES = 256 << 10;
const SEGMENT_ROWS = 1024;
/** Spare segments kept for reuse (at most ~5 MiB): bursts reuse them instead of churning the allocator. */
const SPARE_SEGMENTS = 16;

/**
 * Queued records of one day, already encoded: their lines (UTF-8, '\n'-terminated) and
 * their index rows (offsets relative to the segment). Off the JS heap, so a burst of
 * appends leaves little for the garbage collector to move (and the heap stays small).
 */
export class Segment {
  bytes = 0;
  readonly data: Buffer;
  readonly rows: RowBlock;

  constructor(
    public day: string,
    dataBytes: number,
  ) {
    this.data = Buffer.allocUnsafe(dataBytes);
    this.rows = new RowBlock(SEGMENT_ROWS);
  }

  fits(lineBytes: number): boolean {
    return this.bytes + lineBytes + 1 <= this.data.length && this.rows.count < this.rows.capacity;
  }
}

/** Queued segments, oldest first; appends go to the last one, and written ones are reused. */
export class SegmentQueue {
  private segments: Segment[] = [];
  private readonly spare: Segment[] = [];

  /** The open segment of this day with room for a line of `length` bytes (a new one if needed). */
  segmentFor(day: string, length: number): Segment {
    const last = this.segments[this.segments.length - 1];
    if (last && last.day === day && last.fits(length)) return last;
    let segment: Segment;
    if (length + 1 > SEGMENT_BYTES) segment = new Segment(day, length + 1);
    else {
      segment = this.spare.pop() ?? new Segment(day, SEGMENT_BYTES);
      segment.day = day;
    }
    this.segments.push(segment);
    return segment;
  }

  /** Segments queued. */
  get size(): number {
    return this.segments.length;
  }

  /** The oldest segment, taken off the queue: appends made while it is written go to a new one. */
  shift(): Segment | undefined {
    return this.segments.shift();
  }

  /** A segment written (or dropped): emptied, and kept for reuse if it has the usual size. */
  recycle(segment: Segment): void {
    segment.bytes = 0;
    segment.rows.count = 0;
    if (segment.data.length === SEGMENT_BYTES && this.spare.length < SPARE_SEGMENTS) this.spare.push(segment);
  }
}
