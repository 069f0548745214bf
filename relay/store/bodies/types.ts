// A call's request and response bodies, kept beside its log record (by its request id) when
// the key or the relay opts in. Kept apart from the state file and the log lines so that they
// neither bloat them nor outlive their own, shorter retention. Pure types: no Node imports.

export interface CallBodies {
  /** The call's request id (its log record's `request_id`). */
  request_id: string;
  /** ms, when the call's answer ended. */
  created_at: number;
  user_id: number;
  token_id: number;
  method: string;
  /** The path as called, with any key-like query parameter left out. */
  path: string;
  /** The request headers worth replaying (content type, API versions); never a key or Authorization. */
  headers: Record<string, string>;
  /** The request body as text, cut at the size cap (with a marker saying how much was cut). */
  request: string;
  /** The request body's full size in bytes. */
  request_bytes: number;
  status: number;
  /** The answer's content type (`text/event-stream` for a stream: `response` is then its events). */
  response_type: string;
  /** The answer as the client received it, cut at the size cap. */
  response: string;
  response_bytes: number;
}

export interface BodyStore {
  /** Keeps a call's bodies (a second put of the same request id is ignored). */
  put(bodies: CallBodies): Promise<void>;
  /** A call's bodies; `near` (ms, e.g. its log record's time) lets the embedded store look in the right day. */
  get(requestId: string, near?: number): Promise<CallBodies | undefined>;
  /** Deletes bodies kept before `cutoff` (ms); the embedded store deletes whole UTC days ending by then. Answers how many days or rows went. */
  deleteBefore(cutoff: number): Promise<number>;
}
