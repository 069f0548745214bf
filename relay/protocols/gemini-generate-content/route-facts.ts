import { decodePathSegment } from '../../ir/path-segment.js';
import type { RouteFacts } from '../types.js';

/**
 * What a generate-content path says (`/v1beta/models/{model}:{action}`): the model, the method
 * (`generateContent`, `streamGenerateContent`, `embedContent` …), and for a stream whether
 * the query asks SSE (`?alt=sse`; without it the stream is one JSON array).
 */
export function generateContentRouteFacts(url: string, params: Record<string, string>): RouteFacts {
  const facts: RouteFacts = {};
  if (params.model) facts.model = decodePathSegment(params.model, 'model');
  if (params.action) {
    facts.action = params.action;
    facts.stream = params.action === 'streamGenerateContent';
    facts.sse = /[?&]alt=sse(&|$)/.test(url);
  }
  return facts;
}
