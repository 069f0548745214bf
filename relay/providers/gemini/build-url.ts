/**
 * `{baseUrl}/v1beta/models/{model}:generateContent`, or `:streamGenerateContent?alt=sse` for
 * a stream (without `alt=sse` Gemini streams one JSON array instead of SSE). A base URL that
 * already names an API version (`…/v1beta`, `…/v1`) keeps it; a `models/` prefix on the
 * model name is not doubled either.
 */
export function buildGeminiUrl(baseUrl: string, model: string, stream: boolean): string {
  return geminiModelUrl(baseUrl, model, stream ? 'streamGenerateContent?alt=sse' : 'generateContent');
}

/** `{baseUrl}/v1beta/models/{model}:{method}`, by the same rules. */
export function geminiModelUrl(baseUrl: string, model: string, method: string): string {
  let base = baseUrl.replace(/\/+$/, '');
  if (!/\/v1(alpha|beta)?$/.test(base)) base += '/v1beta';
  return `${base}/models/${encodeURIComponent(geminiModelName(model))}:${method}`;
}

/** The model's name without the `models/` prefix Gemini's own names carry. */
export function geminiModelName(model: string): string {
  return model.replace(/^models\//, '');
}
