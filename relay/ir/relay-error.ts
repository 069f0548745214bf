/**
 * What went wrong, independent of any wire format; each client protocol renders it in its
 * own error shape. `kind` decides the type name per protocol (e.g. rate_limit →
 * `rate_limit_error` for messages, `RESOURCE_EXHAUSTED` for generate-content).
 */
export type RelayErrorKind =
  | 'invalid_request'
  | 'authentication'
  | 'permission'
  | 'not_found'
  | 'rate_limit'
  | 'quota'
  | 'overloaded'
  | 'upstream'
  | 'timeout'
  | 'not_implemented'
  | 'internal';

export interface RelayErrorInfo {
  status: number;
  kind: RelayErrorKind;
  message: string;
  /** Machine-readable code, e.g. `model_not_found`, `insufficient_user_quota`. */
  code?: string;
  /** The request field at fault. */
  param?: string;
  /** Response headers the answer carries (e.g. `Retry-After`). */
  headers?: Readonly<Record<string, string>>;
}

/**
 * A failure on the relay path (`/v1…`), independent of wire format: each client protocol
 * renders it in its own error shape at the edge.
 */
export class RelayError extends Error implements RelayErrorInfo {
  readonly code: string;
  readonly param: string;
  constructor(
    readonly status: number,
    readonly kind: RelayErrorKind,
    message: string,
    code = '',
    param = '',
    /** Sent with the error answer, e.g. `Retry-After`. */
    readonly headers: Readonly<Record<string, string>> = {},
  ) {
    super(message);
    this.code = code;
    this.param = param;
  }

  static from(info: RelayErrorInfo): RelayError {
    return info instanceof RelayError ? info : new RelayError(info.status, info.kind, info.message, info.code, info.param);
  }

  /** The same error with another message (headers kept). */
  withMessage(message: string): RelayError {
    return new RelayError(this.status, this.kind, message, this.code, this.param, this.headers);
  }
}
