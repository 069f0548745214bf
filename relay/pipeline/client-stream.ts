import type { ServerResponse } from 'node:http';

const SSE_HEADERS = { 'content-type': 'text/event-stream; charset=utf-8', 'cache-control': 'no-cache', connection: 'keep-alive', 'x-accel-buffering': 'no' };

/**
 * The client's side of a streamed answer. Nothing reaches the client before `commit()`:
 * until then output is held, so a failure can still go to another channel. After it,
 * writes made in one tick leave in one syscall (corked), and a quiet stream gets
 * keep-alive text when asked.
 */
export class ClientStream {
  committed = false;
  /** ms from the call's start to the first byte sent. */
  firstByteMs = 0;
  contentType = SSE_HEADERS['content-type'];
  keepAliveText = ': PING\n\n';
  private pending = '';
  private corked = false;
  private lastWrite = 0;
  private keepAlive: NodeJS.Timeout | undefined;

  constructor(
    private readonly res: ServerResponse,
    private readonly startedAt: number,
    private readonly keepAliveMs: number,
    /** Stops the first-byte timer; answers whether it had already fired. */
    private readonly stopFirstByteTimer: () => boolean,
  ) {}

  write(text: string): void {
    if (!text) return;
    if (!this.committed) {
      this.pending += text;
      return;
    }
    this.lastWrite = Date.now();
    this.cork();
    this.res.write(text);
  }

  /** Sends the headers and what was held. No-op when the first-byte timer already fired. */
  commit(): void {
    if (this.committed || this.stopFirstByteTimer()) return;
    this.committed = true;
    this.firstByteMs = performance.now() - this.startedAt;
    this.cork();
    this.res.writeHead(200, { 'content-type': this.contentType, 'cache-control': SSE_HEADERS['cache-control'], connection: SSE_HEADERS.connection, 'x-accel-buffering': SSE_HEADERS['x-accel-buffering'] });
    this.res.write(this.pending);
    this.pending = '';
    this.lastWrite = Date.now();
    if (this.keepAliveMs > 0) {
      this.keepAlive = setInterval(() => {
        if (Date.now() - this.lastWrite >= this.keepAliveMs) this.write(this.keepAliveText);
      }, Math.min(this.keepAliveMs, 1000));
    }
  }

  end(last = ''): void {
    clearInterval(this.keepAlive);
    if (this.res.writableEnded) return;
    if (last) this.res.write(last);
    this.res.end();
  }

  stopKeepAlive(): void {
    clearInterval(this.keepAlive);
  }

  private cork(): void {
    if (this.corked) return;
    this.corked = true;
    this.res.cork();
    process.nextTick(() => {
      this.corked = false;
      this.res.uncork();
    });
  }
}
