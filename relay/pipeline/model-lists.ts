import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../auth/api-key.js';
import type { RelayRouteHandler } from '../http/relay-router.js';
import { RelayError } from '../ir/relay-error.js';
import { anthropicMessagesCodec } from '../protocols/anthropic-messages/codec.js';
import { geminiCodec } from '../protocols/gemini-generate-content/codec.js';
import { openaiChatCodec } from '../protocols/openai-chat/codec.js';
import type { ClientCodec, ListedModel, ModelListEncoder } from '../protocols/types.js';
import type { ModelRecord } from '../store/schema.js';
import { servedFamilies } from '../providers/channel-facts.js';
import { candidateChannels } from '../routing/select-channel.js';
import { modelDescriptionIn, modelLimitsIn } from '../store/models.js';
import type { CallCatalog } from '../store/ports.js';
import { byApiKey } from './relay-deps.js';
import type { RelayDeps } from './relay-deps.js';
import { decodePathSegment } from '../ir/path-segment.js';

/** Who asks which models they may call: a key (its group and allow list), or a signed-in user (their group, no allow list). */
export type ModelAsker = Pick<Caller, 'group'> & { token: Pick<Caller['token'], 'model_limits'> };

/** The models this key may call: served (for any family) by an enabled channel of its group, within its allow list. */
export function modelsFor(caller: ModelAsker, catalog: Pick<CallCatalog, 'channels'>): string[] {
  const models = new Set<string>();
  for (const channel of catalog.channels()) {
    for (const model of channel.models) if (candidateChannels([channel], { group: caller.group, model, family: undefined, familiesOf: servedFamilies }).length > 0) models.add(model);
  }
  const allowed = caller.token.model_limits;
  return [...models].filter((m) => allowed.length === 0 || allowed.includes(m)).sort();
}

/** Claude Code and the Anthropic SDK send `anthropic-version` (with `x-api-key` or, lately, a Bearer token). */
function wantsAnthropicShape(req: IncomingMessage): boolean {
  return typeof req.headers['anthropic-version'] === 'string';
}

function send(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** A codec and its model list (checked once, when the routes are made). */
interface Lister {
  codec: ClientCodec;
  list: ModelListEncoder;
}

function lister(codec: ClientCodec): Lister {
  if (!codec.modelList) throw new Error(`The ${codec.protocol} codec has no model list.`);
  return { codec, list: codec.modelList };
}

const CREATED = 1_700_000_000; // the relay does not know when a model was made; a fixed, plausible time

/** What model management knows of a model: limits and description (else known limits). */
function listedModel(records: readonly ModelRecord[], id: string): ListedModel {
  const limits = modelLimitsIn(records, id);
  return { id, created: CREATED, description: modelDescriptionIn(records, id), inputTokenLimit: limits.input, outputTokenLimit: limits.output };
}

function listRoute(listerOf: (req: IncomingMessage) => Lister, deps: RelayDeps): RelayRouteHandler {
  return (req, res, params) => {
    const { codec, list } = listerOf(req);
    try {
      const caller = byApiKey(req, deps);
      const { catalog } = deps.store;
      const models = modelsFor(caller, catalog);
      const id = params.model ? decodePathSegment(params.model, 'model').replace(/^models\//, '') : undefined;
      if (id !== undefined && !models.includes(id)) throw new RelayError(404, 'not_found', `The model ${id} does not exist or this key may not use it.`, 'model_not_found');
      const records = catalog.models();
      send(res, 200, id !== undefined ? list.one(listedModel(records, id)) : list.list(models.map((model) => listedModel(records, model))));
    } catch (error) {
      const relayError = error instanceof RelayError ? error : new RelayError(500, 'internal', 'Internal error in the relay.', 'internal_error');
      send(res, relayError.status, codec.encodeError(relayError));
    }
  };
}

/** `GET /v1/models`, `/v1/models/{id}` (OpenAI's shape, or Anthropic's when asked so), `/v1beta/models`, `/v1beta/models/{model}`. */
export function modelListRoutes(deps: RelayDeps) {
  const openai = lister(openaiChatCodec);
  const anthropic = lister(anthropicMessagesCodec);
  const gemini = lister(geminiCodec);
  return {
    v1: listRoute((req) => (wantsAnthropicShape(req) ? anthropic : openai), deps),
    v1beta: listRoute(() => gemini, deps),
  };
}
