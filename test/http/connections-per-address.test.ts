// One client address cannot take every connection (MAX_CONNECTIONS_PER_ADDRESS): with its cap's
// worth of half-requests open, its next connection is closed at once, while a client from another
// address (127.0.0.2: Linux routes all of 127.0.0.0/8 to loopback) is served. Refusals are counted
// in http_connections_refused_total, by reason.
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../scripts/support/ports';
import { loadConfig } from '../../src/config';
import { addressGroupOf } from '../../src/startup/connections-per-address';
import { startBackend, storeKinds, type TestBackend } from '../support/backend';
import { openRaw, parseResponse, type RawConnection, within } from '../support/raw-sockets';

const MAX_CONNECTIONS = 20;
const CAP = 6;
const REFUSED_PER_ADDRESS = 'http_connections_refused_total{reason="per_address"}';
const HALF_A_REQUEST_LINE = 'GET /api/hea';
const HEALTH = 'GET /api/health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n';

/** The value of a counter series in the Prometheus text of `metricsUrl`. */
async function counterValue(metricsUrl: string, series: string): Promise<number> {
  const text = await (await fetch(metricsUrl)).text();
  const line = text.split('\n').find((candidate) => candidate.startsWith(`${series} `));
  return Number(line?.split(' ')[1]);
}

/** How long a test waits for what must happen (an answer, a close): a bound against a hang on a busy machine, not a budget. */
const WAIT_MS = 20_000;

/** Opens `count` connections from `localAddress`, each holding half a request line. */
function holdConnections(baseUrl: string, count: number, localAddress: string): Promise<RawConnection[]> {
  return Promise.all(Array.from({ length: count }, () => openRaw(baseUrl, HALF_A_REQUEST_LINE, { localAddress })));
}

/** Waits until the server has seen every connection of the tests before close. */
async function untilNoConnections(server: Server): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  const count = () => new Promise<number>((resolve) => server.getConnections((_error, open) => resolve(open)));
  while ((await count()) > 0) {
    if (Date.now() > deadline) throw new Error('connections of an earlier test are still open');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** The status of GET /api/health sent on a new connection from `localAddress`. */
async function healthFrom(baseUrl: string, localAddress: string): Promise<number> {
  const connection = await openRaw(baseUrl, HEALTH, { localAddress });
  return parseResponse(await within(WAIT_MS, connection.closed, 'the answer')).status;
}

describe.each(storeKinds)('connections per client address on %s', (kind) => {
  let backend: TestBackend;
  let metricsUrl: string;
  beforeAll(async () => {
    const metricsPort = await freePort();
    metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    backend = await startBackend(kind, {
      MAX_CONNECTIONS: String(MAX_CONNECTIONS),
      MAX_CONNECTIONS_PER_ADDRESS: String(CAP),
      // Long enough that no held connection is closed by a timeout during a test.
      HEADERS_TIMEOUT_MS: '30000',
      REQUEST_TIMEOUT_MS: '30000',
      METRICS_PORT: String(metricsPort),
    });
  });
  afterAll(async () => backend?.close());
  beforeEach(async () => untilNoConnections(backend.server));

  it('keeps one address flooding half-requests to its cap, and serves another address meanwhile', async () => {
    const refusedBefore = await counterValue(metricsUrl, REFUSED_PER_ADDRESS);
    // More than MAX_CONNECTIONS: without the cap this flood holds every slot and 127.0.0.2 is refused.
    const flood = await holdConnections(backend.baseUrl, MAX_CONNECTIONS + 5, '127.0.0.1');
    try {
      const stillOpen = () => flood.filter((connection) => !connection.isClosed());
      const deadline = Date.now() + 1000;
      while (stillOpen().length > CAP && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(stillOpen()).toHaveLength(CAP);
      for (const connection of flood) if (connection.isClosed()) expect(connection.received()).toBe('');

      const started = Date.now();
      const extra = await openRaw(backend.baseUrl, HEALTH, { localAddress: '127.0.0.1' });
      expect(await within(WAIT_MS, extra.closed, 'the close of a connection over the cap')).toBe('');
      expect(Date.now() - started).toBeLessThan(1000);

      expect(await healthFrom(backend.baseUrl, '127.0.0.2')).toBe(200);
      expect(stillOpen()).toHaveLength(CAP);
      expect(await counterValue(metricsUrl, REFUSED_PER_ADDRESS)).toBe(refusedBefore + MAX_CONNECTIONS + 5 - CAP + 1);
      // Once for the address while it stays at its cap, not once per refused connection.
      const warnings = backend.logs.filter((line) => line.includes('MAX_CONNECTIONS_PER_ADDRESS'));
      expect(warnings).toHaveLength(1);
      expect(JSON.parse(warnings[0] ?? '{}')).toMatchObject({ level: 40, address: '127.0.0.1' });
    } finally {
      for (const connection of flood) connection.socket.destroy();
    }
  });

  it('serves the address again once its connections close', async () => {
    const held = await holdConnections(backend.baseUrl, CAP, '127.0.0.1');
    const refused = await openRaw(backend.baseUrl, HEALTH, { localAddress: '127.0.0.1' });
    expect(await within(WAIT_MS, refused.closed, 'the refusal')).toBe('');
    for (const connection of held) expect(connection.isClosed()).toBe(false);
    for (const connection of held) connection.socket.destroy();
    // The server sees the closes a moment after the client makes them.
    const deadline = Date.now() + WAIT_MS;
    let status = 0;
    while (status !== 200 && Date.now() < deadline) {
      status = await healthFrom(backend.baseUrl, '127.0.0.1').catch(() => 0);
    }
    expect(status).toBe(200);
  });
});

/** The store of the suites below, which are about connections only. */
const anyStore = storeKinds[0] ?? 'sqlite';

describe('connections refused over MAX_CONNECTIONS', () => {
  it('are counted as such', async () => {
    const metricsPort = await freePort();
    const metricsUrl = `http://127.0.0.1:${metricsPort}/metrics`;
    const backend = await startBackend(anyStore, {
      MAX_CONNECTIONS: '2',
      MAX_CONNECTIONS_PER_ADDRESS: '10',
      METRICS_PORT: String(metricsPort),
    });
    const held = await holdConnections(backend.baseUrl, 2, '127.0.0.1');
    try {
      const extra = await openRaw(backend.baseUrl, HEALTH, { localAddress: '127.0.0.2' });
      expect(await within(WAIT_MS, extra.closed, 'the refusal')).toBe('');
      for (const connection of held) connection.socket.destroy();
      expect(await counterValue(metricsUrl, 'http_connections_refused_total{reason="max_connections"}')).toBe(1);
      expect(await counterValue(metricsUrl, 'http_connections_refused_total{reason="per_address"}')).toBe(0);
    } finally {
      for (const connection of held) connection.socket.destroy();
      await backend.close();
    }
  });
});

describe('MAX_CONNECTIONS_PER_ADDRESS', () => {
  it.each<[string, Record<string, string>, number]>([
    ['64 by default', {}, 64],
    ['off (0) by default behind a proxy (TRUST_PROXY)', { TRUST_PROXY: '1' }, 0],
    ['as set', { MAX_CONNECTIONS_PER_ADDRESS: '8' }, 8],
    ['as set behind a proxy', { TRUST_PROXY: '10.0.0.0/8', MAX_CONNECTIONS_PER_ADDRESS: '500' }, 500],
    ['0: off', { MAX_CONNECTIONS_PER_ADDRESS: '0' }, 0],
  ])('is %s', (_name, env, expected) => {
    expect(loadConfig(env).maxConnectionsPerAddress).toBe(expected);
  });

  it.each(['-1', 'many', '1.5'])('refuses %j', (value) => {
    expect(() => loadConfig({ MAX_CONNECTIONS_PER_ADDRESS: value })).toThrow(
      /MAX_CONNECTIONS_PER_ADDRESS must be an integer from 0 to 1000000/,
    );
  });

  it('takes no cap at 0: one address may hold more connections than 64', async () => {
    const backend = await startBackend(anyStore, { MAX_CONNECTIONS_PER_ADDRESS: '0', MAX_CONNECTIONS: '100' });
    const held = await holdConnections(backend.baseUrl, 70, '127.0.0.1');
    try {
      expect(await healthFrom(backend.baseUrl, '127.0.0.1')).toBe(200);
    } finally {
      for (const connection of held) connection.socket.destroy();
      await backend.close();
    }
  });
});

describe('the address a connection counts against', () => {
  it('is an IPv4 address itself', () => {
    expect(addressGroupOf('192.0.2.7')).toBe('192.0.2.7');
    expect(addressGroupOf('192.0.2.8')).not.toBe(addressGroupOf('192.0.2.7'));
  });

  it('is the IPv4 address of an IPv4-mapped IPv6 address (a dual-stack listener)', () => {
    expect(addressGroupOf('::ffff:192.0.2.7')).toBe('192.0.2.7');
  });

  it('is the /64 of an IPv6 address: one host or LAN holds a whole /64', () => {
    const group = addressGroupOf('2001:db8:1:2:aaaa:bbbb:cccc:dddd');
    expect(addressGroupOf('2001:db8:1:2::1')).toBe(group);
    expect(addressGroupOf('2001:db8:1:3::1')).not.toBe(group);
    expect(addressGroupOf('::1')).not.toBe(group);
  });
});
