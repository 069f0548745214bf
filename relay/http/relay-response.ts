import { ServerResponse } from 'node:http';
import type { IncomingMessage, OutgoingHttpHeader, OutgoingHttpHeaders } from 'node:http';

/**
 * The server's response class. The headers every answer carries (its request id, and those of
 * response-policy.ts) are held as one list and go out with the head, instead of a `setHeader`
 * each: when nothing else was set that way, Node builds the head straight from the list and the
 * answer's own headers. A model call's answer then costs no header bookkeeping; profiled, that
 * bookkeeping (eight setHeader calls, their validation and storage) was ~3.5% of the relay's CPU.
 */
export class RelayResponse<Request extends IncomingMessage = IncomingMessage> extends ServerResponse<Request> {
  /** Flat name, value pairs, sent with the head unless a header of the same name is set. */
  private fixed: OutgoingHttpHeader[] = [];
  private anySet = false;
  /** The head as sent from the list (for getHeader). */
  private sentList: OutgoingHttpHeader[] | undefined;

  addFixedHeaders(pairs: readonly string[]): void {
    for (const value of pairs) this.fixed.push(value);
  }

  override setHeader(name: string, value: number | string | readonly string[]): this {
    this.anySet = true;
    return super.setHeader(name, value);
  }

  override writeHead(statusCode: number, reason?: string | OutgoingHttpHeaders | OutgoingHttpHeader[], headers?: OutgoingHttpHeaders | OutgoingHttpHeader[]): this {
    const fixed = this.fixed;
    if (fixed.length === 0) return super.writeHead(statusCode, reason as string, headers);
    this.fixed = [];
    const own = typeof reason === 'string' ? headers : reason;
    if (this.anySet || Array.isArray(own)) {
      // Node merges into what was set: the fixed headers join that way, never over a set one.
      for (let i = 0; i < fixed.length; i += 2) if (!this.hasHeader(fixed[i] as string)) super.setHeader(fixed[i] as string, fixed[i + 1]!);
      return super.writeHead(statusCode, reason as string, headers);
    }
    const list = fixed;
    if (own) {
      for (const name in own) {
        const value = own[name];
        if (value === undefined) continue;
        const fixedAt = headerIndex(list, name); // the answer's own value wins, as with setHeader
        if (fixedAt >= 0) list.splice(fixedAt, 2);
        list.push(name, value as OutgoingHttpHeader);
      }
    }
    this.sentList = list;
    return typeof reason === 'string' ? super.writeHead(statusCode, reason, list) : super.writeHead(statusCode, list);
  }

  override getHeader(name: string): number | string | string[] | undefined {
    const set = super.getHeader(name);
    if (set !== undefined || !this.sentList) return set;
    const at = headerIndex(this.sentList, name);
    return at < 0 ? undefined : (this.sentList[at + 1] as number | string | string[]);
  }
}

/** Where the header `name` (any case) is in a flat name, value list; -1 when absent. */
function headerIndex(list: OutgoingHttpHeader[], name: string): number {
  const lower = name.toLowerCase();
  for (let i = 0; i < list.length; i += 2) {
    const listed = list[i] as string;
    if (listed.length === lower.length && listed.toLowerCase() === lower) return i;
  }
  return -1;
}

/**
 * Headers for every answer to this request: held for the head (`held`, a RelayResponse the
 * relay answers itself), else set now. Express swaps a response's prototype for its own, so
 * what it answers must have them set.
 */
export function addAnswerHeaders(res: ServerResponse, pairs: readonly string[], held: boolean): void {
  if (held && res instanceof RelayResponse) return res.addFixedHeaders(pairs);
  for (let i = 0; i < pairs.length; i += 2) res.setHeader(pairs[i]!, pairs[i + 1]!);
}
