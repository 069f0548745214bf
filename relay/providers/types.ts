import type { Readable } from 'node:stream';
import type { AudioUsage, TranscriptionRequest } from '../ir/audio.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ChatResult } from '../ir/chat-result.js';
import type { EmbeddingsRequest, EmbeddingsResult } from '../ir/embeddings.js';
import type { ImageRequest, ImageResult } from '../ir/images.js';
import type { ModerationRequest, ModerationResult } from '../ir/moderation.js';
import type { RelayError, RelayErrorInfo } from '../ir/relay-error.js';
import type { RerankRequest, RerankResult } from '../ir/rerank.js';
import type { StreamPart } from '../ir/stream-part.js';
import type { VideoJob, VideoRequest } from '../ir/video.js';
import type { WireProtocol } from '../ir/wire-protocol.js';
import type { SseEvent } from '../wire/sse-event.js';

/** Where and how to reach one upstream for one attempt. */
export interface UpstreamTarget {
  /** e.g. `https://api.openai.com` (no trailing slash); adapters add their own paths. */
  baseUrl: string;
  apiKey: string;
  /** The model name the upstream knows (after model mapping). */
  model: string;
  /** Per-channel settings an adapter may read (Azure `api_version`, …). */
  settings: Record<string, unknown>;
}

/**
 * A request body: JSON or text, bytes, or a stream (multipart uploads). A stream can be sent
 * once: a family that sends one builds it anew for each attempt.
 */
export type UpstreamBody = string | Uint8Array | Readable;

/** One request to an upstream. Chat builds JSON (`Body` = string); other families may send bytes or a stream. */
export interface UpstreamRequest<Body extends UpstreamBody = string> {
  /** Default POST. */
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  headers: Record<string, string>;
  body: Body;
}

/**
 * Turns an upstream's streamed events into IR stream parts. Stateful (one per call):
 * adapters track open blocks and close them in `end()`, so the client always receives a
 * complete sequence (start … finish), even when the upstream stops short.
 */
export interface StreamDecoder {
  push(event: SseEvent): StreamPart[];
  end(): StreamPart[];
}

/**
 * One upstream kind. Small on purpose: what it cannot do it declares in `capabilities`, and
 * the pipeline answers a clear error in the client's shape instead of calling a stub.
 */
export interface ProviderAdapter {
  readonly protocol: WireProtocol;
  buildChatRequest(request: ChatRequest, target: UpstreamTarget): { request: UpstreamRequest; warnings: string[] };
  /** A whole JSON answer → IR. Loose: unknown fields are ignored, missing ones defaulted. */
  parseChatResponse(body: unknown, request: ChatRequest): ChatResult;
  createStreamDecoder(request: ChatRequest): StreamDecoder;
  /** The upstream's own error body → message, kind and code, for the client's error shape and the log. */
  parseError(status: number, body: string): RelayErrorInfo;
  /**
   * Same protocol on both sides: the client's own body, with only what routing must change
   * (the model, stream usage) rewritten — no decode and re-encode.
   */
  buildPassthroughRequest?(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest;
}

/** One upstream kind's embeddings endpoint. */
export interface EmbeddingsAdapter {
  readonly protocol: WireProtocol;
  /** The IR call for this upstream (`target.model` is the model it knows). */
  buildEmbeddingsRequest(request: EmbeddingsRequest, target: UpstreamTarget): UpstreamRequest;
  /** Same wire as the client (OpenAI's `/v1/embeddings`): the client's own body, with the mapped model. */
  buildPassthroughRequest?(body: Record<string, unknown>, target: UpstreamTarget): UpstreamRequest;
  /** A whole JSON answer → IR. Loose, as parseChatResponse. */
  parseEmbeddingsResponse(body: unknown): EmbeddingsResult;
  parseError(status: number, body: string): RelayErrorInfo;
}

/** One upstream kind's rerank endpoint. */
export interface RerankAdapter {
  /** `warnings` collects what the upstream cannot be sent (logged with the call). */
  buildRerankRequest(request: RerankRequest, target: UpstreamTarget, warnings: string[]): UpstreamRequest;
  /** A whole JSON answer → IR. Loose, as parseChatResponse. */
  parseRerankResponse(body: unknown): RerankResult;
  parseError(status: number, body: string): RelayErrorInfo;
}

/** One upstream kind's moderation endpoint. */
export interface ModerationAdapter {
  readonly protocol: WireProtocol;
  /** The IR call for this upstream (`target.model` is the model it knows). */
  buildModerationRequest(request: ModerationRequest, target: UpstreamTarget): UpstreamRequest;
  /** Same wire as the client (OpenAI's `/v1/moderations`): the client's own body, with the mapped model. */
  buildPassthroughRequest?(body: Record<string, unknown>, target: UpstreamTarget): UpstreamRequest;
  /** A whole JSON answer → IR; undefined when it is no moderation answer (no results). */
  parseModerationResponse(body: unknown): ModerationResult | undefined;
  parseError(status: number, body: string): RelayErrorInfo;
}

/**
 * One upstream kind's legacy completions endpoint (`/v1/completions`): the client's own body
 * goes there (the only way, as every such upstream speaks OpenAI's completions wire); its
 * answer is read into the chat IR (every choice's text, the usage) for a local count.
 */
export interface CompletionsAdapter extends Pick<ProviderAdapter, 'protocol' | 'parseChatResponse' | 'createStreamDecoder' | 'parseError'> {
  /** The client's body with the mapped model, and the usage chunk asked for when streaming. */
  buildPassthroughRequest(body: Record<string, unknown>, target: UpstreamTarget, stream: boolean): UpstreamRequest;
}

/**
 * One upstream kind's audio endpoints (speech, transcription and translation). Every such
 * upstream speaks OpenAI's audio wire: the client's speech body and form go through with
 * the mapped model, and the answer (audio bytes, a transcript) comes back as it came.
 */
export interface AudioAdapter {
  readonly protocol: WireProtocol;
  /** The client's speech body with `target.model`; asks for audio bytes, or events for `stream_format: 'sse'`. */
  buildSpeechRequest(body: Record<string, unknown>, target: UpstreamTarget): UpstreamRequest;
  /** A multipart form: the client's fields with `target.model`, and its file as it came. */
  buildTranscriptionRequest(request: TranscriptionRequest, target: UpstreamTarget): UpstreamRequest<Uint8Array>;
  /** Seconds and tokens of a JSON transcript or a transcript stream's final event; undefined when it reports none. */
  parseTranscriptionUsage(answer: unknown): AudioUsage | undefined;
  /** Tokens reported by one event of a speech event stream (its last); undefined for the others. */
  parseSpeechEventUsage(event: unknown): AudioUsage | undefined;
  parseError(status: number, body: string): RelayErrorInfo;
}

/** One upstream kind's video API: jobs created, then read, downloaded and deleted by the upstream's id. */
export interface VideoAdapter {
  buildCreateRequest(request: VideoRequest, target: UpstreamTarget): UpstreamRequest<UpstreamBody>;
  /** GET of a job (`status`), of its file (`content`, `variant` as the client asked), or its DELETE. */
  buildJobRequest(action: 'status' | 'content' | 'delete', upstreamId: string, target: UpstreamTarget, variant?: string): UpstreamRequest<UpstreamBody>;
  /** A job answer → IR; undefined when it is no job (no id). */
  parseJob(body: unknown): VideoJob | undefined;
  parseError(status: number, body: string): RelayErrorInfo;
}

/** One upstream kind's image endpoints: generation, and editing uploaded images. */
export interface ImagesAdapter {
  readonly protocol: WireProtocol;
  /** Why this upstream cannot make the images as asked (Gemini: a URL, several images, a mask); undefined when it can. */
  refusal?(request: ImageRequest): RelayError | undefined;
  /**
   * The upstream request: the client's own generation body (`raw`, model mapped) when the upstream
   * takes its form, else built from the IR; an edit as a form with the client's fields and files as they came.
   */
  buildImagesRequest(request: ImageRequest, raw: unknown, target: UpstreamTarget): UpstreamRequest<UpstreamBody>;
  /** A whole JSON answer → IR (`sameWire`: OpenAI's own answer, which passes through); undefined when it holds no images. */
  parseImagesResponse(body: unknown): { result: ImageResult; sameWire: boolean } | undefined;
  parseError(status: number, body: string): RelayErrorInfo;
}
