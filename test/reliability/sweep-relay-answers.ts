// A setup file of the reliability project: every answer of a relay's API (`/v1…`) that the
// scenarios fetch, with plain fetch or through an official SDK (both use the global fetch), is
// kept for the secret sweep (test/helpers/secret-sweep.ts) as it reaches the caller. The caller
// gets the response untouched; a copy of its body is read beside it.
import { isSweptRelayApi, keepAnswer } from '../helpers/secret-sweep.js';

const plainFetch = globalThis.fetch;

globalThis.fetch = async function sweptFetch(input: string | URL | Request, init?: RequestInit): Promise<Response> {
  const response = await plainFetch(input, init);
  const url = new URL(input instanceof Request ? input.url : input);
  if (isSweptRelayApi(url)) {
    const method = init?.method ?? (input instanceof Request ? input.method : 'GET');
    // A body the caller cancels or aborts ends this copy's reading too: nothing is kept then.
    response
      .clone()
      .text()
      .then((text) => keepAnswer(method, url.pathname, response.status, response.headers, text))
      .catch(() => {});
  }
  return response;
};
