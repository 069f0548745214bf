import type { IncomingMessage } from 'node:http';
import { RelayError } from '../http/errors.js';

/** 128 MB, as the established relays allow (images and audio travel inline). */
export const MAX_BODY_BYTES = 128 * 1024 * 1024;

export async function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<Buffer> {
  const declared = Number(req.headers['content-length']);
  if (declared > limit) throw tooLarge(limit);
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge(limit);
    chunks.push(chunk);
  }
  return chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
}

export function parseJsonBody(body: Buffer): unknown {
  try {
    return JSON.parse(body.toString('utf8'));
  } catch (error) {
    throw new RelayError(400, 'invalid_request', `The request body is not valid JSON: ${(error as Error).message}`, 'invalid_json');
  }
}

function tooLarge(limit: number): RelayError {
  return new RelayError(413, 'invalid_request', `The request body is larger than ${limit / 1024 / 1024} MB.`, 'request_too_large');
}
