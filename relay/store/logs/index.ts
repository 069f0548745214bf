// Public API of the request log store (see log-store.ts for the design and file format).

export { LogType } from './types.js';
export type {
  EncodedLogRecord,
  LogPage,
  LogQuery,
  LogRecord,
  LogStore,
  LogStoreOptions,
  LogTypeValue,
  NewLogRecord,
  RetryAttempt,
} from './types.js';
export { openLogStore } from './log-store.js';
export { encodeLogRecord } from './log-record.js';
export { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './log-query.js';
