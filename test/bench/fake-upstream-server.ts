// The bench's upstream: as fast as node:http goes, fixed answers. `POST /v1/chat/completions`
// answers JSON, or SSE with 20 chunks when the body says `"stream": true`; a `slow` user
// text spreads the 20 chunks over 2 s (for the many-slow-streams memory figure).
// `POST /v1/embeddings` answers one 1536-dimension vector, base64 when asked, else floats.
import { createServer } from 'node:http';

const port = Number(process.argv[2] ?? 0);
const json = JSON.stringify({
  id: 'chatcmpl-bench',
  object: 'chat.completion',
  created: 1_700_000_000,
  model: 'gpt-4o-mini',
  choices: [{ index: 0, message: { role: 'assistant', content: 'The quick brown fox jumps over the lazy dog.', refusal: null }, logprobs: null, finish_reason: 'stop' }],
  usage: { prompt_tokens: 12, completion_tokens: 10, total_tokens: 22 },
});
const chunk = (delta: object, finish: string | null = null) =>
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-4o-mini', choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] })}\n\n`;
const sse = [
  chunk({ role: 'assistant', content: '' }),
  ...Array.from({ length: 18 }, (_, i) => chunk({ content: `word${i} ` })),
  chunk({}, 'stop'),
  `data: ${JSON.stringify({ id: 'chatcmpl-bench', object: 'chat.completion.chunk', created: 1_700_000_000, model: 'gpt-4o-mini', choices: [], usage: { prompt_tokens: 12, completion_tokens: 18, total_tokens: 30 } })}\n\n`,
  'data: [DONE]\n\n',
];

const vector = Float32Array.from({ length: 1536 }, (_, i) => Math.sin(i + 1) / 10);
const embedding = (base64: boolean) =>
  JSON.stringify({
    object: 'list',
    data: [{ object: 'embedding', index: 0, embedding: base64 ? Buffer.from(vector.buffer).toString('base64') : Array.from(vector) }],
    model: 'text-embedding-3-small',
    usage: { prompt_tokens: 10, total_tokens: 10 },
  });
const embeddings = { base64: embedding(true), float: embedding(false) };

createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    const body = Buffer.concat(parts).toString();
    if (req.url === '/v1/embeddings') {
      const answer = body.includes('"encoding_format":"base64"') ? embeddings.base64 : embeddings.float;
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(answer) });
      return res.end(answer);
    }
    if (!body.includes('"stream":true')) {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(json) });
      return res.end(json);
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    if (!body.includes('slow')) return res.end(sse.join(''));
    let i = 0;
    const timer = setInterval(() => {
      if (res.destroyed) return clearInterval(timer);
      res.write(sse[i++]);
      if (i === sse.length) {
        clearInterval(timer);
        res.end();
      }
    }, 100);
  });
}).listen(port, '127.0.0.1', function (this: import('node:http').Server) {
  const address = this.address() as import('node:net').AddressInfo;
  process.stdout.write(`listening ${address.port}\n`);
});
