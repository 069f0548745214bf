import { connect, createServer } from 'node:net';
import type { AddressInfo, Socket } from 'node:net';
import { onTestFinished } from 'vitest';

// A TCP link to a server (Redis, PostgreSQL) that a test can cut and mend: one process's
// network partition, while the server stays up for everyone else. Closed when the test ends.

export interface CuttableLink {
  /** The port to connect to instead of the server's. */
  port: number;
  /** Drops every connection through it and refuses new ones, as a partition would. */
  cut(): void;
  /** Lets connections through again. */
  mend(): void;
  /** Keeps every connection open but passes nothing more either way, and accepts new ones that go nowhere: a server host that vanished. */
  stall(): void;
}

export async function cuttableLink(target: { host: string; port: number }): Promise<CuttableLink> {
  const sockets = new Set<Socket>();
  let open = true;
  let stalled = false;
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => socket.destroy());
  };
  const server = createServer((client) => {
    track(client);
    if (stalled) return;
    if (!open) return void client.destroy();
    const upstream = connect(target.port, target.host);
    track(upstream);
    for (const [from, to] of [[client, upstream], [upstream, client]] as const) {
      from.on('data', (chunk: Buffer) => void (stalled || to.write(chunk)));
    }
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onTestFinished(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      open = false;
      for (const socket of sockets) socket.destroy();
    },
    mend() {
      open = true;
      stalled = false;
    },
    stall() {
      stalled = true;
    },
  };
}
