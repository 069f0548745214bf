import { accountQueryRoutes } from './account-query-routes.js';
import type { RelayRouteHandler, RelayRoutes } from './http/relay-router.js';
import { countTokensRoute } from './pipeline/count-tokens.js';
import { modelListRoutes } from './pipeline/model-lists.js';
import { authorizeConsoleSession } from './auth/console-session.js';
import { chatRoute } from './pipeline/chat-family.js';
import { completionsRoute } from './pipeline/completions-family.js';
import { embeddingsRoute } from './pipeline/embeddings-family.js';
import { imagesRoute } from './pipeline/images-family.js';
import { moderationRoute } from './pipeline/moderation-family.js';
import { speechRoute } from './pipeline/speech-family.js';
import { transcriptionRoute } from './pipeline/transcription-family.js';
import { rerankRoute } from './pipeline/rerank-family.js';
import { videoCreateRoute } from './pipeline/video-family.js';
import { videoTaskRoutes } from './pipeline/video-routes.js';
import type { RelayDeps } from './pipeline/relay-deps.js';
import { anthropicMessagesCodec } from './protocols/anthropic-messages/codec.js';
import { geminiCodec } from './protocols/gemini-generate-content/codec.js';
import { openaiChatCodec } from './protocols/openai-chat/codec.js';
import { openaiCompletionsCodec } from './protocols/openai-chat/completions-codec.js';
import { openaiEmbeddingsCodec } from './protocols/openai-chat/embeddings-codec.js';
import { openaiImagesCodec } from './protocols/openai-chat/images-codec.js';
import { openaiModerationCodec } from './protocols/openai-chat/moderation-codec.js';
import { openaiSpeechCodec } from './protocols/openai-chat/speech-codec.js';
import { openaiTranscriptionCodec } from './protocols/openai-chat/transcription-codec.js';
import { rerankCodec } from './protocols/openai-chat/rerank-codec.js';
import { openaiVideoCodec } from './protocols/openai-chat/video-codec.js';
import { geminiEmbeddingsCodec } from './protocols/gemini-generate-content/embeddings-codec.js';
import { openaiResponsesCodec } from './protocols/openai-responses/codec.js';
import { UNRELAYED_PATHS, unrelayedRoute } from './unrelayed-routes.js';

/** Every relay route: each client protocol's front door onto the one pipeline. */
export function relayRouteTable(deps: RelayDeps): RelayRoutes {
  const exact = new Map<string, RelayRouteHandler>([
    ['POST /v1/chat/completions', chatRoute(openaiChatCodec, deps)],
    ['POST /v1/messages', chatRoute(anthropicMessagesCodec, deps)],
    ['POST /v1/messages/count_tokens', countTokensRoute(anthropicMessagesCodec, deps)],
    ['POST /v1/responses', chatRoute(openaiResponsesCodec, deps)],
    ['POST /v1/embeddings', embeddingsRoute(openaiEmbeddingsCodec, deps)],
    ['POST /v1/completions', completionsRoute(openaiCompletionsCodec, deps)],
    ['POST /v1/moderations', moderationRoute(openaiModerationCodec, deps)],
    ['POST /v1/rerank', rerankRoute(rerankCodec, deps)],
    ['POST /v1/images/generations', imagesRoute(openaiImagesCodec, 'generate', deps)],
    ['POST /v1/images/edits', imagesRoute(openaiImagesCodec, 'edit', deps)],
    ['POST /v1/audio/speech', speechRoute(openaiSpeechCodec, deps)],
    ['POST /v1/audio/transcriptions', transcriptionRoute(openaiTranscriptionCodec, 'transcription', deps)],
    ['POST /v1/audio/translations', transcriptionRoute(openaiTranscriptionCodec, 'translation', deps)],
    // The console's playground: chat completions as the signed-in user, no API key.
    ['POST /pg/chat/completions', chatRoute(openaiChatCodec, deps, (req) => authorizeConsoleSession(req, deps.store.catalog))],
    ['POST /pg/images/generations', imagesRoute(openaiImagesCodec, 'generate', deps, (req) => authorizeConsoleSession(req, deps.store.catalog))],
    ['POST /pg/audio/speech', speechRoute(openaiSpeechCodec, deps, (req) => authorizeConsoleSession(req, deps.store.catalog))],
  ]);
  const gemini = chatRoute(geminiCodec, deps);
  const lists = modelListRoutes(deps);
  exact.set('GET /v1/models', lists.v1);
  exact.set('GET /v1beta/models', lists.v1beta);
  const account = accountQueryRoutes(deps);
  exact.set('GET /v1/usage', account.usage);
  exact.set('GET /v1/pricing', account.pricing);
  exact.set('GET /v1/balance', account.balance);
  const videos = videoTaskRoutes(openaiVideoCodec, deps);
  exact.set('POST /v1/videos', videoCreateRoute(openaiVideoCodec, deps));
  exact.set('GET /v1/videos', videos.list);
  return {
    exact,
    patterns: [
      { method: 'POST', pattern: /^\/v1beta\/models\/(?<model>[^/:]+):(?<action>generateContent|streamGenerateContent)$/, handler: gemini },
      { method: 'POST', pattern: /^\/v1beta\/models\/(?<model>[^/:]+):(?<action>embedContent|batchEmbedContents)$/, handler: embeddingsRoute(geminiEmbeddingsCodec, deps) },
      { method: 'POST', pattern: /^\/v1beta\/models\/(?<model>[^/:]+):countTokens$/, handler: countTokensRoute(geminiCodec, deps) },
      { method: 'GET', pattern: /^\/v1\/models\/(?<model>[^/]+)$/, handler: lists.v1 },
      { method: 'GET', pattern: /^\/v1beta\/models\/(?<model>[^/:]+)$/, handler: lists.v1beta },
      { method: 'GET', pattern: /^\/v1\/videos\/(?<id>[^/]+)$/, handler: videos.retrieve },
      { method: 'GET', pattern: /^\/v1\/videos\/(?<id>[^/]+)\/content$/, handler: videos.content },
      { method: 'DELETE', pattern: /^\/v1\/videos\/(?<id>[^/]+)$/, handler: videos.remove },
      { method: '*', pattern: UNRELAYED_PATHS, handler: unrelayedRoute(deps) },
    ],
  };
}
