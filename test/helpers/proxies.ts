// Minimal forward proxies on loopback for the per-channel proxy tests: they record what
// went through them and pass the bytes on.
import { createServer, request as httpRequest } from 'node:http';
import type { Server } from 'node:http';
import { createServer as createTcpServer, connect } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';

export interface TestProxy {
  url: string;
  /** One line per proxied connection or request: the target it asked for. */
  seen: string[];
  close(): Promise<void>;
}

/** An HTTP proxy: absolute-form requests and CONNECT tunnels; optionally with Basic auth. */
export async function startHttpProxy(credentials?: { user: string; password: string }): Promise<TestProxy> {
  const seen: string[] = [];
  const tunnels = new Set<Socket>();
  const expected = credentials ? `Basic ${Buffer.from(`${credentials.user}:${credentials.password}`).toString('base64')}` : undefined;
  const server: Server = createServer((req, res) => {
    if (expected && req.headers['proxy-authorization'] !== expected) return void res.writeHead(407).end();
    seen.push(`${req.method} ${req.url}`);
    const target = new URL(req.url!);
    const forward = httpRequest({ host: target.hostname, port: target.port, path: target.pathname + target.search, method: req.method, headers: req.headers }, (upstream) => {
      res.writeHead(upstream.statusCode!, upstream.headers);
      upstream.pipe(res);
    });
    req.pipe(forward);
  });
  server.on('connect', (req, client: Socket, head) => {
    if (expected && req.headers['proxy-authorization'] !== expected) return void client.end('HTTP/1.1 407 Proxy Authentication Required\r\n\r\n');
    seen.push(`CONNECT ${req.url}`);
    const [host, port] = req.url!.split(':');
    tunnels.add(client);
    const upstream = connect(Number(port), host!, () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    tunnels.add(upstream);
    upstream.on('error', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => {
      for (const socket of tunnels) socket.destroy();
      server.closeAllConnections();
      server.close(() => resolve());
    }),
  };
}

/** A SOCKS5 proxy (RFC 1928): no authentication, CONNECT to IPv4 or a domain name. */
export async function startSocks5Proxy(): Promise<TestProxy> {
  const seen: string[] = [];
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    sockets.add(client);
    client.on('close', () => sockets.delete(client));
    client.once('data', (greeting) => {
      if (greeting[0] !== 5) return client.destroy();
      client.write(Buffer.from([5, 0])); // version 5, no authentication
      client.once('data', (request) => {
        const type = request[3];
        let host: string;
        let offset: number;
        if (type === 1) {
          host = [...request.subarray(4, 8)].join('.');
          offset = 8;
        } else if (type === 3) {
          const length = request[4]!;
          host = request.subarray(5, 5 + length).toString();
          offset = 5 + length;
        } else {
          client.end(Buffer.from([5, 8, 0, 1, 0, 0, 0, 0, 0, 0])); // address type not supported
          return;
        }
        const port = request.readUInt16BE(offset);
        seen.push(`CONNECT ${host}:${port}`);
        const upstream = connect(port, host, () => {
          client.write(Buffer.from([5, 0, 0, 1, 0, 0, 0, 0, 0, 0]));
          upstream.pipe(client);
          client.pipe(upstream);
        });
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        upstream.on('error', () => client.destroy());
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `socks5://127.0.0.1:${(server.address() as AddressInfo).port}`,
    seen,
    close: () => new Promise((resolve) => {
      for (const socket of sockets) socket.destroy();
      server.close(() => resolve());
    }),
  };
}
