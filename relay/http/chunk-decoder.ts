import { StringDecoder } from 'node:string_decoder';

/**
 * The text of a byte stream, chunk by chunk (UTF-8). A chunk ending in an ASCII byte (SSE
 * chunks end in a newline) holds no partial character, so it is decoded directly; a
 * streaming decoder is made only once a chunk ends inside a character, and kept from then on
 * (it holds the partial bytes). A byte order mark opening the stream is dropped, as
 * TextDecoder does; TextDecoder itself (ICU) cost several µs a streamed call here.
 */
export class ChunkDecoder {
  private decoder: StringDecoder | undefined;
  private first = true;

  write(chunk: Buffer): string {
    const text = !this.decoder && (chunk.length === 0 || chunk[chunk.length - 1]! < 0x80) ? chunk.toString('utf8') : (this.decoder ??= new StringDecoder('utf8')).write(chunk);
    if (!this.first || text === '') return text;
    this.first = false;
    return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  }

  /** What a last chunk left unfinished (as replacement characters). */
  end(): string {
    return this.decoder?.end() ?? '';
  }
}
