// One client address may hold at most MAX_CONNECTIONS_PER_ADDRESS of the API's connections. Without
// this cap one address opening half-requests held every MAX_CONNECTIONS slot, renewing each as
// HEADERS_TIMEOUT_MS closed it, and every other client was refused. The address is the TCP peer's:
// behind a proxy that is the proxy's, which is why TRUST_PROXY turns the default cap off.
import type { Server } from 'node:http';
import { createRequire } from 'node:module';
import type { Socket } from 'node:net';
import type { ipKeyGenerator as IpKeyGenerator } from 'express-rate-limit';

/** An IPv6 client is counted by its /64: one host, or one LAN, holds a whole /64 and can pick any address in it. */
const IPV6_PREFIX_LENGTH = 64;

let ipv6GroupOf: typeof IpKeyGenerator | undefined;

/**
 * The address a connection counts against: an IPv4 address itself; an IPv6 address by its /64
 * (`2001:db8:1:2::/64`), an IPv4-mapped one (`::ffff:192.0.2.1`, on a dual-stack listener) as the
 * IPv4 address. express-rate-limit's ipKeyGenerator does both, loaded with the first IPv6 peer.
 */
export function addressGroupOf(address: string): string {
  if (!address.includes(':')) return address;
  ipv6GroupOf ??= (createRequire(import.meta.url)('express-rate-limit') as { ipKeyGenerator: typeof IpKeyGenerator })
    .ipKeyGenerator;
  return ipv6GroupOf(address, IPV6_PREFIX_LENGTH);
}

interface AddressConnections {
  open: number;
  /** Whether a connection from this address was refused since it last had none open. */
  refused: boolean;
}

/**
 * Closes, as it arrives, a connection whose address already holds `cap` open ones. `onRefused` is
 * told of each; `first` is true for the first refusal of the address since it last had no
 * connection open, so that a client held at its cap is logged once, not once per attempt.
 */
export function capConnectionsPerAddress(
  server: Server,
  cap: number,
  onRefused: (addressGroup: string, first: boolean) => void,
): void {
  // Bounded: one entry per address with an open connection, so at most MAX_CONNECTIONS entries.
  const byAddress = new Map<string, AddressConnections>();
  server.on('connection', (socket: Socket) => {
    // Undefined once the peer is gone: nothing left to count.
    if (socket.remoteAddress === undefined) return;
    const group = addressGroupOf(socket.remoteAddress);
    const connections = byAddress.get(group) ?? { open: 0, refused: false };
    if (connections.open >= cap) {
      onRefused(group, !connections.refused);
      connections.refused = true;
      socket.destroy();
      return;
    }
    connections.open += 1;
    byAddress.set(group, connections);
    socket.once('close', () => {
      connections.open -= 1;
      if (connections.open === 0) byAddress.delete(group);
    });
  });
}
