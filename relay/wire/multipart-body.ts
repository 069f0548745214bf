import { randomBytes } from 'node:crypto';

/** One part of a form to send upstream: a text field, or a file with its own name and type. */
export type OutgoingPart =
  | { name: string; value: string }
  | { name: string; filename: string; contentType: string; bytes: Uint8Array };

/**
 * A `multipart/form-data` body (RFC 7578) in one buffer, so that every attempt can send it
 * again. Files keep their filename, content type and bytes exactly; names and filenames are
 * escaped as browsers do (`"` → %22, CR → %0D, LF → %0A).
 */
export function multipartBody(parts: readonly OutgoingPart[]): { body: Buffer; contentType: string } {
  const boundary = `----RelaydeskFormBoundary${randomBytes(12).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const part of parts) {
    let head = `--${boundary}\r\nContent-Disposition: form-data; name="${escapeName(part.name)}"`;
    if ('bytes' in part) head += `; filename="${escapeName(part.filename)}"\r\nContent-Type: ${part.contentType || 'application/octet-stream'}`;
    chunks.push(Buffer.from(`${head}\r\n\r\n`, 'utf8'), 'bytes' in part ? Buffer.from(part.bytes.buffer, part.bytes.byteOffset, part.bytes.byteLength) : Buffer.from(part.value, 'utf8'), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

function escapeName(name: string): string {
  return name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
}
