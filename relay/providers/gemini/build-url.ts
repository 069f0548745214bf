/**
 * `{baseUrl}/v1beta/models/{model}:generateContent`, or `:streamGenerateContent?alt=sse` for
 * a stream (without `alt=sse` Gemini streams one JSON array instead of SSE). A base URL that
 * already names an API version (`…/v1beta`, `…/v1`) keeps it; a `models/` prefix on the
 * model name is not doubled either.
 */
export function buildGeminiUrl(baseUrl: string, model: string, stream: boolean): string {
  let base = baseUrl.replace(/\/+$/, '');
  if (!/\/v1(alpha|beta)?$/.test(base)) base += '/v1beta';
  const name = model.replace(/^models\//, '');
  const method = stream ? 'streamGenerateContent?alt=sse' : 'generateContent';
  return `${base}/models/${encodeURIComponent(name)}:${method}`;
}
