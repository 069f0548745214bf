import type { AudioTask, SpeechRequest, TranscriptionRequest } from '../ir/audio.js';
import type { ChatRequest } from '../ir/chat-request.js';
import type { ChatResult } from '../ir/chat-result.js';
import type { CompletionsRequest } from '../ir/completions.js';
import type { EmbeddingsRequest, EmbeddingsResult } from '../ir/embeddings.js';
import type { ImageRequest, ImageResult } from '../ir/images.js';
import type { ModerationRequest, ModerationResult } from '../ir/moderation.js';
import type { MultipartForm } from '../ir/multipart-form.js';
import type { RelayError, RelayErrorInfo } from '../ir/relay-error.js';
import type { RerankRequest, RerankResult } from '../ir/rerank.js';
import type { StreamPart } from '../ir/stream-part.js';
import type { Usage } from '../ir/usage.js';
import type { WireProtocol } from '../ir/wire-protocol.js';

export interface StreamEncoder {
  /** Default `text/event-stream`; generate-content without `alt=sse` streams a JSON array. */
  readonly contentType?: string;
  /** What to send while the stream is quiet; default an SSE comment (`: PING`). */
  readonly keepAlive?: string;
  /** SSE text for one IR part (may be empty). */
  encode(part: StreamPart): string;
  /** A well-formed error event ending the stream, after it has begun. */
  error(error: RelayErrorInfo): string;
}

/** What a pass-through stream learns while it forwards the upstream's events. */
export interface PassthroughStreamTap {
  /** The raw event in; what to forward to the client out ('' drops it). */
  forward(rawEvent: string, data: string): string;
  usage: Usage | undefined;
  /** Answer text seen so far, for a local count when the upstream reports no usage. */
  outputText: string;
  /** Whether an answer (content) has begun; before that a failure can still go elsewhere. */
  answering: boolean;
  /** An error event the upstream sent, if any. */
  error: RelayErrorInfo | undefined;
  /** The upstream marked the end of its answer (e.g. `[DONE]`); false means it was cut short. */
  finished: boolean;
}

/** What the path says about the call (generate-content puts the model and streaming there). */
export interface RouteFacts {
  model?: string;
  stream?: boolean;
  /** `?alt=sse` on a generate-content stream. */
  sse?: boolean;
  /** A token-count call (`count_tokens`, `:countTokens`): generation-only requirements such as `max_tokens` do not apply. */
  countTokens?: boolean;
  /** The method a generate-content path names (`generateContent`, `batchEmbedContents`…). */
  action?: string;
}

/** A model as a model list shows it: what the relay knows of it, from model management. */
export interface ListedModel {
  id: string;
  /** Unix seconds (the relay does not know when a model was made). */
  created: number;
  /** From model management ('' when none). */
  description: string;
  inputTokenLimit: number;
  outputTokenLimit: number;
}

/** A protocol's model list (`GET /v1/models`, `/v1beta/models`) and single model (`…/models/{id}`). */
export interface ModelListEncoder {
  list(models: readonly ListedModel[]): unknown;
  one(model: ListedModel): unknown;
}

/**
 * What decode answers: the IR request, and what this codec's encoders need to know of the
 * call beyond the IR (generate-content's `?alt=sse`, the responses tool names and echoed
 * fields). The context is opaque to the pipeline, which hands it back to the encoders of the
 * same call; the IR stays protocol-neutral.
 */
export interface DecodedRequest<Context = unknown> {
  request: ChatRequest;
  context: Context;
}

/** One client protocol: its wire in (decode) and out (encode), with its own error shape. */
export interface ClientCodec<Context = unknown> {
  readonly protocol: WireProtocol;
  /** What this protocol's path and query say about the call (`params`: the route pattern's groups); none when absent. */
  routeFacts?(url: string, params: Record<string, string>): RouteFacts;
  /** This protocol's model list, where it has one. */
  readonly modelList?: ModelListEncoder;
  /** `warnings` collects what the codec dropped or changed (logged with the call, e.g. a hosted tool no upstream serves). */
  decodeRequest(body: unknown, route: RouteFacts, warnings: string[]): DecodedRequest<Context>;
  encodeResponse(result: ChatResult, request: ChatRequest, context: Context): unknown;
  createStreamEncoder(request: ChatRequest, context: Context): StreamEncoder;
  encodeError(error: RelayErrorInfo): unknown;
  /** The body answering a token count (`/v1/messages/count_tokens`, `:countTokens`), where the protocol has one. */
  encodeTokenCount?(inputTokens: number): unknown;
  /**
   * Same protocol upstream: the client's body is forwarded (see ProviderAdapter
   * buildPassthroughRequest) and the answer's bytes come back untouched, read on the way.
   */
  passthrough?: {
    /** Whether this call can pass through (default yes). */
    accepts?(route: RouteFacts): boolean;
    /** Client request headers the upstream of the same protocol needs too (e.g. `anthropic-beta`). */
    forwardHeaders?: readonly string[];
    /** The member of a whole answer's root object that holds its usage (`usage`, `usageMetadata`). */
    usageMember: string;
    /** That member's value as the IR's usage (read out of the answer's text without parsing the rest). */
    usageOf(member: unknown): Usage | undefined;
    createStreamTap(request: ChatRequest, context: Context): PassthroughStreamTap;
    /**
     * Lowers the output limit of the client's body (already decoded, so an object) to
     * `tokens`, as the IR's `maxOutputTokens` was: the relay capped the call at what its
     * quota pays for.
     */
    limitOutput(body: unknown, tokens: number): void;
  };
}

/**
 * The legacy completions wire (`POST /v1/completions`): a client protocol whose call is read
 * as chat (its one prompt as one user message) with the completions call as the context, so
 * that a chat upstream can answer it; an upstream with a completions endpoint gets the
 * client's body (`passthrough`, never to a chat endpoint: `accepts` is false there).
 */
export interface CompletionsCodec extends ClientCodec<CompletionsRequest> {
  passthrough: NonNullable<ClientCodec<CompletionsRequest>['passthrough']>;
  /** Why a chat upstream cannot answer `call` as asked (several prompts, a suffix, log probabilities…); undefined when it can. */
  refusalAsChat(call: CompletionsRequest): RelayError | undefined;
}

/** One client protocol's embeddings wire: in (decode) and out (encode), with its error shape. */
export interface EmbeddingsCodec {
  readonly protocol: WireProtocol;
  /** As ClientCodec's. */
  routeFacts?(url: string, params: Record<string, string>): RouteFacts;
  decode(body: unknown, route: RouteFacts, warnings: string[]): EmbeddingsRequest;
  /** `usage` is what the call is billed (the upstream's, or the relay's own count). */
  encodeResponse(result: EmbeddingsResult, request: EmbeddingsRequest, usage: Usage, route: RouteFacts): unknown;
  /** Same wire upstream: the upstream's answer text for the client, converted only where it must be. */
  passthroughAnswer?(text: string, answer: unknown, request: EmbeddingsRequest): string;
  /**
   * When the upstream's text can go to the client as it came (its vectors in the encoding asked),
   * its usage, read without parsing the answer; undefined when that cannot be told (then the
   * answer is parsed, and passthroughAnswer decides).
   */
  passthroughAsIs?(text: string, request: EmbeddingsRequest): Usage | undefined;
  encodeError(error: RelayErrorInfo): unknown;
}

/** One client protocol's moderation wire: in (decode) and out (encode), with its error shape. */
export interface ModerationCodec {
  readonly protocol: WireProtocol;
  /** `defaultModel` is the relay's stand-in for a model the client did not name. */
  decode(body: unknown, defaultModel: string): ModerationRequest;
  /** From the IR, for an upstream of another wire (a same-wire upstream's answer passes through). */
  encodeResponse(result: ModerationResult, request: ModerationRequest): unknown;
  encodeError(error: RelayErrorInfo): unknown;
}

/** The rerank wire (`POST /v1/rerank`): in (decode) and out (encode), with its error shape. */
export interface RerankCodec {
  decode(body: unknown, route: RouteFacts, warnings: string[]): RerankRequest;
  /** `result.scores` come ranked (best first, `top_n` kept); `usage` is what the call is billed. */
  encodeResponse(result: RerankResult, request: RerankRequest, usage: Usage): unknown;
  encodeError(error: RelayErrorInfo): unknown;
}

/**
 * The speech wire (`POST /v1/audio/speech`): a JSON body in; the answer is the upstream's
 * audio, passed through, so only errors are encoded.
 */
export interface SpeechCodec {
  readonly protocol: WireProtocol;
  decode(body: unknown): SpeechRequest;
  encodeError(error: RelayErrorInfo): unknown;
}

/**
 * The transcription and translation wire (`POST /v1/audio/transcriptions`, `/translations`):
 * a multipart form in; the transcript is the upstream's, passed through.
 */
export interface TranscriptionCodec {
  readonly protocol: WireProtocol;
  /** The form field carrying the audio file. */
  readonly fileField: string;
  decode(form: MultipartForm, task: AudioTask): TranscriptionRequest;
  encodeError(error: RelayErrorInfo): unknown;
}

/** The images wire (`POST /v1/images/generations`, JSON; `/v1/images/edits`, a multipart form): in and out, with its error shape. */
export interface ImagesCodec {
  readonly protocol: WireProtocol;
  decodeGeneration(body: unknown): ImageRequest;
  decodeEdit(form: MultipartForm): ImageRequest;
  /** From the IR, for an upstream of another wire (a same-wire upstream's answer passes through). */
  encodeResponse(result: ImageResult): unknown;
  encodeError(error: RelayErrorInfo): unknown;
}
