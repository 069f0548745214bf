// The baseline the relay is measured against: a bare pass-through proxy (node:http + undici),
// no auth, no routing, no logic. Plain JavaScript so that it runs on bare `node` with nothing
// loaded but what it uses: whatever the relay costs beyond this is the relay's own.
import { createServer } from 'node:http';
import { Writable } from 'node:stream';
import { Agent, stream } from 'undici';

const [port, upstream] = [Number(process.argv[2] ?? 0), process.argv[3]];
const agent = new Agent({ keepAliveTimeout: 30_000 });

createServer((req, res) => {
  const parts = [];
  req.on('data', (c) => parts.push(c));
  req.on('end', () => {
    stream(
      upstream + req.url,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: Buffer.concat(parts), dispatcher: agent },
      ({ statusCode, headers }) => {
        res.writeHead(statusCode, { 'content-type': String(headers['content-type'] ?? 'application/json') });
        return new Writable({
          write(chunk, _encoding, done) {
            res.write(chunk, done);
          },
          final(done) {
            res.end(done);
          },
        });
      },
    ).catch(() => res.destroy());
  });
}).listen(port, '127.0.0.1', function () {
  process.stdout.write(`listening ${this.address().port}\n`);
});
