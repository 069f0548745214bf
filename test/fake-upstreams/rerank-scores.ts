// What the fake rerank upstreams compute alike: a deterministic relevance (the share of the
// query's words a document holds, a shorter document first on a tie) and a rough token count.

function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

export function relevance(query: string, document: string): number {
  const asked = new Set(words(query));
  const held = words(document);
  const shared = [...asked].filter((word) => held.includes(word)).length;
  return Number(((0.9 * shared) / Math.max(1, asked.size) + 0.1 / (1 + held.length)).toFixed(6));
}

/** About four characters a token, at least one. */
export function roughTokens(text: string): number {
  return Math.max(1, Math.ceil(text.length / 4));
}

/** Every document scored, best first (ties in document order), at most `topN`. */
export function rankDocuments(query: string, documents: string[], topN?: number): { index: number; relevance_score: number }[] {
  const scored = documents.map((document, index) => ({ index, relevance_score: relevance(query, document) }));
  scored.sort((a, b) => b.relevance_score - a.relevance_score || a.index - b.index);
  return typeof topN === 'number' ? scored.slice(0, topN) : scored;
}
