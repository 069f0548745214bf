import type { IncomingMessage, ServerResponse } from 'node:http';
import { nestsDeeperThan, TOO_DEEP_MESSAGE } from '../http/json-depth.js';
import { RelayError } from '../ir/relay-error.js';

/** 128 MB, as the established relays allow (images and audio travel inline). */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;

/**
 * Checks who is calling before a byte of the body is read. A refused request's body is never
 * drained: its answer carries `Connection: close`, so Node closes the socket instead of
 * reading (up to 128 MB of) what is left.
 */
export function authorizeBeforeBody<T>(res: ServerResponse, authorize: () => T): T {
  try {
    return authorize();
  } catch (error) {
    res.setHeader('connection', 'close');
    throw error;
  }
}

/** The whole body, refused with 413 (and the connection closed, the rest unread) past `limit`. */
export function readBody(req: IncomingMessage, res: ServerResponse, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) return Promise.reject(tooLarge(res, limit));
  // Events, not `for await`: an async iterator over the request costs ~3 µs a call here.
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) return void chunks.push(chunk);
      done();
      req.pause();
      reject(tooLarge(res, limit));
    };
    const onEnd = () => {
      done();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (error: Error) => {
      done();
      reject(error);
    };
    const onClose = () => {
      // The client left before the body was whole (an aborted request).
      done();
      reject(Object.assign(new Error('aborted'), { code: 'ECONNRESET' }));
    };
    const done = () => {
      req.off('data', onData);
      req.off('end', onEnd);
      req.off('error', onError);
      req.off('close', onClose);
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

export function parseJsonBody(body: Buffer): unknown {
  if (nestsDeeperThan(body)) throw new RelayError(400, 'invalid_request', TOO_DEEP_MESSAGE, 'json_too_deep');
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new RelayError(400, 'invalid_request', `The request body is not valid JSON: ${(error as Error).message}`, 'invalid_json');
  }
}

function tooLarge(res: ServerResponse, limit: number): RelayError {
  res.setHeader('connection', 'close');
  const size = limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`;
  return new RelayError(413, 'invalid_request', `The request body is larger than ${size}.`, 'request_too_large');
}
