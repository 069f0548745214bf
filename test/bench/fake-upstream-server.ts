// The bench's upstream: as fast as node:http goes, fixed answers. `POST /v1/chat/completions`
// answers JSON, or SSE with 20 chunks when the body says `"stream": true`; a `slow` user
// text spreads the 20 chunks over 2 s (for the many-slow-streams memory figure).
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

createServer((req, res) => {
  const parts: Buffer[] = [];
  req.on('data', (c: Buffer) => parts.push(c));
  req.on('end', () => {
    const body = Buffer.concat(parts).toString();
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
