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
}
