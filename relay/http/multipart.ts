import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Writable } from 'node:stream';
import multer, { MulterError } from 'multer';
import type { FormFile, MultipartForm } from '../ir/multipart-form.js';
import { RelayError } from '../ir/relay-error.js';

/** What one multipart route accepts. */
export interface UploadLimits {
  /** The largest file, in bytes. */
  fileBytes: number;
  /** The setting `fileBytes` comes from, named in a 413. */
  fileSetting: string;
  /** The most files in one form. */
  files: number;
  /** The file fields the route takes (`image`, `image[]`, `mask`…): another file part answers 400. */
  fileFields: readonly string[];
  /** The text fields the route takes; another answers 400. Absent: any. */
  textFields?: readonly string[];
  /** The most text fields (default 64), and the longest one in bytes (default 1 MB). */
  fields?: number;
  fieldBytes?: number;
}

const DEFAULT_FIELDS = 64;
const DEFAULT_FIELD_BYTES = 1024 * 1024;

export function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data\s*(;|$)/i.test(req.headers['content-type'] ?? '');
}

/**
 * Reads a `multipart/form-data` body with multer's memory storage (nothing is written to
 * disk): every text field with its own name (`timestamp_granularities[]` kept), every file
 * with its field name, filename (path and non-ASCII kept), content type and bytes exactly.
 * Every failure is a RelayError: a file, field or body past its limit 413 naming the limit,
 * before anything goes upstream; an unexpected field, too many files or fields, a truncated
 * or malformed body, or a body that is no form 400 naming the field where there is one.
 * A refusal met while the body still arrives closes the connection with the answer, the
 * rest unread (as an oversized JSON body).
 */
export function readMultipart(req: IncomingMessage, res: ServerResponse, limits: UploadLimits): Promise<MultipartForm> {
  if (!isMultipart(req)) {
    const type = req.headers['content-type'] || 'no content type';
    return Promise.reject(new RelayError(400, 'invalid_request', `This endpoint takes a multipart/form-data body; the request came as ${type}.`, 'invalid_content_type'));
  }
  const fields = limits.fields ?? DEFAULT_FIELDS;
  const fieldBytes = limits.fieldBytes ?? DEFAULT_FIELD_BYTES;
  // A body that cannot be a form within the limits: every file and field at its largest, and their part headers.
  const bodyBytes = limits.fileBytes * limits.files + fieldBytes * fields + 64 * 1024;
  const refuse = (error: RelayError): RelayError => {
    res.setHeader('connection', 'close');
    return error;
  };
  if (Number(req.headers['content-length']) > bodyBytes) return Promise.reject(refuse(bodyTooLarge(bodyBytes)));

  return new Promise((resolve, reject) => {
    let settled = false;
    const fail = (error: RelayError) => {
      if (settled) return;
      settled = true;
      reject(refuse(error));
    };
    const texts: [string, string][] = [];
    let received = 0;
    const upload = multer({
      storage: multer.memoryStorage(),
      limits: { fileSize: limits.fileBytes, files: limits.files, fields, fieldSize: fieldBytes, fieldNameSize: 200, fieldArrayIndexLimit: 1000 },
      preservePath: true,
      defParamCharset: 'utf8',
      fileFilter: (_req, file, accept) => (limits.fileFields.includes(file.fieldname) ? accept(null, true) : accept(new MulterError('LIMIT_UNEXPECTED_FILE', file.fieldname))),
      // Sees each text field as it came (multer's req.body folds `a[]` names into arrays) and counts the body.
      streamHandler(request: IncomingMessage, busboy: Writable & { on(event: 'field', listener: (name: string | undefined, value: string) => void): unknown }) {
        // busboy names a part with `name=""` undefined: unescaping it threw inside the stream, and no answer ever came.
        busboy.on('field', (name: string | undefined, value) => {
          const field = unescapeName(name ?? '');
          if (limits.textFields && !limits.textFields.includes(field)) fail(unknownField(field, limits.textFields));
          texts.push([field, value]);
        });
        request.on('data', (chunk: Buffer) => {
          received += chunk.length;
          if (received > bodyBytes) fail(bodyTooLarge(bodyBytes));
        });
        request.pipe(busboy);
      },
    } as multer.Options);
    upload.any()(req as never, res as never, (error?: unknown) => {
      if (error !== undefined && error !== null) return fail(formError(error, limits, fieldBytes));
      if (settled) return;
      settled = true;
      const files = ((req as { files?: Express.Multer.File[] }).files ?? []).map(
        (file): FormFile => ({ field: file.fieldname, filename: file.originalname, contentType: file.mimetype, bytes: file.buffer }),
      );
      resolve({ fields: texts, files });
    });
  });
}

/** busboy leaves the escapes browsers write in names (`"` → %22, CR, LF); multer reverses them for files. */
function unescapeName(name: string): string {
  return name.replace(/%0A|%0D|%22/gi, (escape) => ({ '%0A': '\n', '%0D': '\r', '%22': '"' })[escape.toUpperCase()]!);
}

function formError(error: unknown, limits: UploadLimits, fieldBytes: number): RelayError {
  if (error instanceof RelayError) return error;
  if (!(error instanceof MulterError)) {
    const detail = (error as Error)?.message ?? String(error);
    return new RelayError(400, 'invalid_request', `The multipart body is malformed or cut short (${detail}).`, 'invalid_multipart');
  }
  const field = error.field ?? '';
  switch (error.code) {
    case 'LIMIT_FILE_SIZE':
      return new RelayError(413, 'invalid_request', `The file in ${field} is larger than ${size(limits.fileBytes)}, the limit set by ${limits.fileSetting}.`, 'file_too_large', field);
    case 'LIMIT_FIELD_VALUE':
      return new RelayError(413, 'invalid_request', `The field ${field} is longer than ${size(fieldBytes)}.`, 'field_too_large', field);
    case 'LIMIT_FILE_COUNT':
      return new RelayError(400, 'invalid_request', `Too many files: at most ${limits.files} may be uploaded at once.`, 'too_many_files', field);
    case 'LIMIT_UNEXPECTED_FILE':
      return new RelayError(400, 'invalid_request', `Unexpected file field ${field}: this endpoint takes files as ${limits.fileFields.join(', ')}.`, 'unknown_parameter', field);
    case 'LIMIT_FIELD_COUNT':
    case 'LIMIT_PART_COUNT':
      return new RelayError(400, 'invalid_request', `Too many form fields: at most ${limits.fields ?? DEFAULT_FIELDS}.`, 'too_many_fields');
    default:
      return new RelayError(400, 'invalid_request', `Invalid form field${field ? ` ${field}` : ''}: ${error.message}.`, 'invalid_multipart', field);
  }
}

function unknownField(field: string, known: readonly string[]): RelayError {
  return new RelayError(400, 'invalid_request', `Unknown parameter: '${field}'. This endpoint takes ${known.join(', ')}.`, 'unknown_parameter', field);
}

function bodyTooLarge(limit: number): RelayError {
  return new RelayError(413, 'invalid_request', `The request body is larger than ${size(limit)}, the most this form can hold.`, 'request_too_large');
}

function size(bytes: number): string {
  return bytes >= 1024 * 1024 ? `${+(bytes / 1024 / 1024).toFixed(2)} MB` : bytes >= 1024 ? `${+(bytes / 1024).toFixed(1)} KB` : `${bytes} bytes`;
}
