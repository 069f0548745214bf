import { RelayError } from './relay-error.js';

/** A percent-encoded path segment (a model name), decoded; bad encoding (`%ff`, `%zz`) is the caller's 400, not a URIError. */
export function decodePathSegment(segment: string, what: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw new RelayError(400, 'invalid_request', `The ${what} in the path is not valid percent-encoded UTF-8: ${segment.slice(0, 200)}`, 'invalid_path');
  }
}
