import { randomUUID } from 'node:crypto';

declare module 'node:http' {
  interface IncomingMessage {
    /** Set on every request before routing; echoed in `X-Request-Id` and in error messages. */
    requestId: string;
  }
}

/** Time-sortable and unique: base-36 milliseconds, then 12 random hex digits. */
export function newRequestId(): string {
  return Date.now().toString(36) + randomUUID().slice(24);
}
