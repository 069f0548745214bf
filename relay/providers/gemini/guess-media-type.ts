// Gemini wants a MIME type on every file reference; a URL rarely says, so the extension does.
const BY_EXTENSION: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  heic: 'image/heic',
  heif: 'image/heif',
  bmp: 'image/bmp',
  pdf: 'application/pdf',
  txt: 'text/plain',
  md: 'text/markdown',
  html: 'text/html',
  csv: 'text/csv',
  json: 'application/json',
  mp3: 'audio/mp3',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  mov: 'video/quicktime',
  webm: 'video/webm',
};

/** The MIME type for a URL or file name from its extension; undefined when unknown. */
export function guessMediaType(urlOrName: string): string | undefined {
  let path = urlOrName;
  try {
    path = new URL(urlOrName).pathname;
  } catch {
    path = urlOrName.split(/[?#]/)[0] ?? urlOrName;
  }
  const match = /\.([a-z0-9]+)$/i.exec(path);
  return match ? BY_EXTENSION[match[1]!.toLowerCase()] : undefined;
}

const AUDIO_TYPES: Record<string, string> = {
  wav: 'audio/wav',
  mp3: 'audio/mp3',
  ogg: 'audio/ogg',
  flac: 'audio/flac',
  aac: 'audio/aac',
  aiff: 'audio/aiff',
  pcm16: 'audio/l16',
};

/** IR audio `format` (`wav`, `mp3`, …) → MIME type. */
export function audioMediaType(format: string): string {
  const lower = format.toLowerCase();
  if (lower.includes('/')) return lower;
  return AUDIO_TYPES[lower] ?? `audio/${lower}`;
}
