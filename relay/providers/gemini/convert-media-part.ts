import type { ContentPart } from '../../ir/chat-request.js';
import type { GeminiPart } from '../../wire/gemini/wire-types.js';
import { addWarning } from './add-warning.js';
import { audioMediaType, guessMediaType } from './guess-media-type.js';

type MediaPart = Extract<ContentPart, { type: 'image' | 'audio' | 'file' }>;

/**
 * Image, audio and file parts: bytes → `inlineData`, a URL → `fileData` (a `data:` URL is
 * bytes too). Gemini needs the MIME type, guessed from the extension when the IR lacks it.
 */
export function convertToGeminiMediaPart(part: MediaPart, warnings: string[]): GeminiPart | undefined {
  switch (part.type) {
    case 'image': {
      if (part.detail && part.detail !== 'auto') addWarning(warnings, `image detail "${part.detail}" is not supported by Gemini and was ignored`);
      if (part.source.kind === 'data') return { inlineData: { mimeType: part.source.mediaType, data: part.source.data } };
      return urlPart(part.source.url, undefined, warnings);
    }
    case 'audio':
      return { inlineData: { mimeType: audioMediaType(part.format), data: part.data } };
    case 'file': {
      if (part.data !== undefined) {
        const mimeType = part.mediaType ?? (part.filename ? guessMediaType(part.filename) : undefined);
        if (!mimeType) {
          addWarning(warnings, `file "${part.filename ?? 'unnamed'}" has no media type; sent as application/octet-stream`);
        }
        return { inlineData: { mimeType: mimeType ?? 'application/octet-stream', data: part.data } };
      }
      if (part.url !== undefined) return urlPart(part.url, part.mediaType ?? (part.filename ? guessMediaType(part.filename) : undefined), warnings);
      addWarning(warnings, 'a file part without data or url was dropped');
      return undefined;
    }
  }
}

function urlPart(url: string, knownType: string | undefined, warnings: string[]): GeminiPart {
  const dataUrl = /^data:([^;,]+)?(?:;[^,]*)?;base64,(.*)$/s.exec(url);
  if (dataUrl) return { inlineData: { mimeType: dataUrl[1] ?? 'application/octet-stream', data: dataUrl[2]! } };
  const mimeType = knownType ?? guessMediaType(url);
  if (!mimeType) {
    addWarning(warnings, `could not tell the media type of ${url.slice(0, 100)} from its extension; sent without mimeType`);
    return { fileData: { fileUri: url } };
  }
  return { fileData: { mimeType, fileUri: url } };
}
