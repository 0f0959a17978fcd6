// A TCP proxy to Redis that a test can cut, restore or freeze: what Redis failing looks like to the
// service (test/http/rate-limit.test.ts, test/store/key-revocations.test.ts).
import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP proxy to Redis that the test can cut (as a failed network: every connection closed and
 * none accepted), restore on the same port, or freeze (connections stay open, nothing gets through).
 */
export async function cuttableRedis(
  target: string,
): Promise<{ url: string; cut: () => void; restore: () => Promise<void>; freeze: () => void }> {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  let frozen = false;
  const server = createServer((client) => {
    const upstream = connect(Number(port || 6379), hostname);
    for (const [from, to] of [
      [client, upstream],
      [upstream, client],
    ] as const) {
      sockets.add(from);
      from.on('data', (data) => {
        if (!frozen) to.write(data);
      });
      from.on('error', () => undefined);
      from.on('close', () => {
        sockets.delete(from);
        to.destroy();
      });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `redis://127.0.0.1:${listening}`,
    cut: () => {
      server.close();
      for (const socket of sockets) socket.destroy();
    },
    restore: () => new Promise<void>((resolve) => server.listen(listening, '127.0.0.1', resolve)),
    freeze: () => {
      frozen = true;
    },
  };
}
