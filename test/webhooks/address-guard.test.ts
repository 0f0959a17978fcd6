// The address guard of webhooks: every class of address a webhook must not reach is refused, by the
// classifier, when an endpoint is created or changed (400 naming the class), and again when a
// delivery connects (an endpoint stored before, or a name that resolves elsewhere by then).
import { describe, expect, it } from 'vitest';
import { refusedAddressClass, resolvePublic } from '../../src/core/public-address';
import { sendAttempt } from '../../src/webhooks/send';
import { storeKinds } from '../support/backend';
import { expectInvalid } from '../support/problems';
import { useBackend } from '../support/suite';
import { startReceiver } from '../support/webhook-receiver';

const REFUSED: [address: string, addressClass: string][] = [
  ['127.0.0.1', 'loopback'],
  ['127.255.0.9', 'loopback'],
  ['::1', 'loopback'],
  ['10.1.2.3', 'private'],
  ['172.16.0.1', 'private'],
  ['172.31.255.254', 'private'],
  ['192.168.1.1', 'private'],
  ['fd12:3456::1', 'private'],
  ['100.64.0.1', 'private'],
  ['169.254.10.20', 'link-local'],
  ['fe80::1', 'link-local'],
  ['169.254.169.254', 'cloud metadata'],
  ['169.254.170.2', 'cloud metadata'],
  ['fd00:ec2::254', 'cloud metadata'],
  ['100.100.100.200', 'cloud metadata'],
  ['0.0.0.0', 'unspecified'],
  ['::', 'unspecified'],
  ['255.255.255.255', 'broadcast'],
  ['224.0.0.1', 'multicast'],
  ['ff02::1', 'multicast'],
  ['240.0.0.1', 'reserved'],
  ['192.0.2.10', 'reserved'],
  // IPv4 inside IPv6 is judged as the IPv4 address it is (the table below has every form).
  ['::ffff:127.0.0.1', 'loopback'],
  ['::ffff:10.0.0.1', 'private'],
  ['::ffff:169.254.169.254', 'cloud metadata'],
];

/**
 * Every IPv6 form that carries an IPv4 address, each with the address it carries: refused as that
 * address's class when it is not public; a translation or tunnel to a public one is still refused
 * as `reserved` (those ranges always were), an ISATAP interface id under a public prefix is not.
 */
const EMBEDDED: [form: string, address: string, addressClass: string | undefined][] = [
  // IPv4-mapped ::ffff:0:0/96
  ['IPv4-mapped', '::ffff:7f00:1', 'loopback'],
  ['IPv4-mapped', '::ffff:192.168.0.1', 'private'],
  ['IPv4-mapped', '0:0:0:0:0:ffff:a9fe:a9fe', 'cloud metadata'],
  ['IPv4-mapped', '::ffff:8.8.8.8', undefined],
  // IPv4-translated ::ffff:0:0:0/96 (RFC 6145)
  ['IPv4-translated', '::ffff:0:127.0.0.1', 'loopback'],
  ['IPv4-translated', '::ffff:0:10.1.2.3', 'private'],
  ['IPv4-translated', '::ffff:0:8.8.8.8', 'reserved'],
  // IPv4-compatible ::/96 (deprecated, RFC 4291)
  ['IPv4-compatible', '::127.0.0.1', 'loopback'],
  ['IPv4-compatible', '::7f00:1', 'loopback'],
  ['IPv4-compatible', '0:0:0:0:0:0:127.1.2.3', 'loopback'],
  ['IPv4-compatible', '::10.0.0.1', 'private'],
  ['IPv4-compatible', '::192.168.1.1', 'private'],
  ['IPv4-compatible', '::169.254.169.254', 'cloud metadata'],
  ['IPv4-compatible', '::100.100.100.200', 'cloud metadata'],
  ['IPv4-compatible', '::0.0.0.2', 'unspecified'],
  ['IPv4-compatible', '::8.8.8.8', 'reserved'],
  // NAT64, the well-known prefix 64:ff9b::/96 (RFC 6052)
  ['NAT64', '64:ff9b::127.0.0.1', 'loopback'],
  ['NAT64', '64:ff9b::a00:1', 'private'],
  ['NAT64', '64:ff9b::169.254.169.254', 'cloud metadata'],
  ['NAT64', '64:ff9b::8.8.8.8', 'reserved'],
  // NAT64, the local-use prefix 64:ff9b:1::/48 (RFC 8215), in the last 32 bits (a /96 prefix)
  ['local-use NAT64', '64:ff9b:1::10.0.0.1', 'private'],
  ['local-use NAT64', '64:ff9b:1:a:b::127.0.0.1', 'loopback'],
  ['local-use NAT64', '64:ff9b:1::8.8.8.8', 'reserved'],
  // 6to4 2002::/16 (RFC 3056)
  ['6to4', '2002:7f00:1::1', 'loopback'],
  ['6to4', '2002:a00:1::1', 'private'],
  ['6to4', '2002:a9fe:a9fe::', 'cloud metadata'],
  ['6to4', '2002:808:808::1', 'reserved'],
  // Teredo 2001::/32 (RFC 4380): the client is the last 32 bits inverted
  ['Teredo', '2001:0:4136:e378:8000:63bf:80ff:fffe', 'loopback'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:f5ff:fffe', 'private'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:5601:5601', 'cloud metadata'],
  ['Teredo', '2001:0:4136:e378:8000:63bf:f7f7:f7f7', 'reserved'],
  // ISATAP (RFC 5214): an interface id 0:5efe or 200:5efe under any prefix
  ['ISATAP', '2606:4700::5efe:127.0.0.1', 'loopback'],
  ['ISATAP', '2606:4700::200:5efe:10.0.0.1', 'private'],
  ['ISATAP', 'fe80::5efe:169.254.169.254', 'cloud metadata'],
  ['ISATAP', 'fe80::5efe:8.8.8.8', 'link-local'],
  ['ISATAP', '2606:4700::5efe:8.8.8.8', undefined],
];

const PUBLIC = ['8.8.8.8', '1.1.1.1', '93.184.216.34', '2606:4700:4700::1111', '::ffff:8.8.8.8'];

describe('the address classifier', () => {
  it.each(REFUSED)('refuses %s as %s', (address, addressClass) => {
    expect(refusedAddressClass(address)).toBe(addressClass);
  });

  it.each(PUBLIC)('lets %s through', (address) => {
    expect(refusedAddressClass(address)).toBeUndefined();
  });

  it.each(EMBEDDED)('judges %s %s by the IPv4 address it carries: %s', (_form, address, addressClass) => {
    expect(refusedAddressClass(address)).toBe(addressClass);
  });

  it('refuses a name whose addresses are not all public, and names the address', async () => {
    await expect(resolvePublic('localhost', false)).rejects.toThrow(
      /localhost resolves to .*, which is a loopback address/,
    );
    await expect(resolvePublic('localhost', true)).resolves.not.toEqual([]);
  });
});

describe('the address guard at connect time', () => {
  const settings = { connectTimeoutMs: 1000, timeoutMs: 2000, allowPrivate: false };
  const delivery = {
    webhookId: 'msg_AAAAAAAAAAAAAAAAAAAAA',
    payload: '{}',
    secrets: ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw0rN5Qy1fl5c='],
  };

  it('connects to nothing a stored URL leads to that is not public, by address or by name', async () => {
    const receiver = await startReceiver();
    try {
      const port = new URL(receiver.url).port;
      for (const url of [
        `https://127.0.0.1:${port}/hooks`,
        `https://localhost:${port}/hooks`,
        `https://[::1]:${port}/hooks`,
        `https://[::ffff:127.0.0.1]:${port}/hooks`,
        `https://[::127.0.0.1]:${port}/hooks`,
        `https://[64:ff9b::127.0.0.1]:${port}/hooks`,
      ]) {
        const outcome = await sendAttempt({ ...delivery, url }, settings);
        expect(outcome, url).toMatchObject({ result: 'refused_address', statusCode: null });
        expect(outcome.error, url).toMatch(/loopback address/);
      }
      // http is refused without even a lookup.
      expect(await sendAttempt({ ...delivery, url: receiver.url }, settings)).toMatchObject({
        result: 'refused_address',
        error: 'only https URLs are called',
      });
      expect(receiver.received).toEqual([]);
      // The same receiver is reached once private addresses are allowed.
      const allowed = await sendAttempt({ ...delivery, url: receiver.url }, { ...settings, allowPrivate: true });
      expect(allowed).toMatchObject({ result: 'succeeded', statusCode: 200 });
      expect(receiver.received).toHaveLength(1);
    } finally {
      await receiver.close();
    }
  });
});

describe.each(storeKinds)('webhook endpoint URLs without WEBHOOK_ALLOW_PRIVATE on %s', (kind) => {
  const backend = useBackend(kind, { WEBHOOK_ALLOW_PRIVATE: 'false' });

  it.each([
    ['https://127.0.0.1/hooks', 'loopback'],
    ['https://localhost:8443/hooks', 'loopback'],
    ['https://[::1]/hooks', 'loopback'],
    ['https://10.0.0.5/hooks', 'private'],
    ['https://192.168.0.10/hooks', 'private'],
    ['https://[fd00::5]/hooks', 'private'],
    ['https://169.254.169.254/latest/meta-data/', 'cloud metadata'],
    ['https://[fe80::1]/hooks', 'link-local'],
    ['https://[::ffff:10.0.0.1]/hooks', 'private'],
    ['https://[::127.0.0.1]/hooks', 'loopback'],
    ['https://[64:ff9b::10.0.0.1]/hooks', 'private'],
    ['https://[2002:a9fe:a9fe::1]/hooks', 'cloud metadata'],
    ['https://0.0.0.0/hooks', 'unspecified'],
  ])('refuses %s (%s) on create and on update', async (url, addressClass) => {
    const created = await backend.client.POST('/v1/webhook-endpoints', { body: { url } });
    expectInvalid(created);
    expect(created.error).toMatchObject({ errors: [{ location: 'body', pointer: '/url' }] });
    expect(JSON.stringify(created.error)).toContain(`${addressClass} address`);
    const endpoint = await backend.client.POST('/v1/webhook-endpoints', {
      body: { url: 'https://93.184.216.34/hooks' },
    });
    expect(endpoint.response.status).toBe(201);
    const id = endpoint.data?.id ?? '';
    const updated = await backend.client.POST('/v1/webhook-endpoints/{id}', {
      params: { path: { id } },
      body: { url },
    });
    expectInvalid(updated);
    expect(JSON.stringify(updated.error)).toContain(`${addressClass} address`);
    await backend.client.DELETE('/v1/webhook-endpoints/{id}', { params: { path: { id } } });
  });

  it('refuses http, and a host that does not resolve', async () => {
    expectInvalid(await backend.client.POST('/v1/webhook-endpoints', { body: { url: 'http://93.184.216.34/hooks' } }), [
      { location: 'body', pointer: '/url', message: 'must be an https URL' },
    ]);
    expectInvalid(
      await backend.client.POST('/v1/webhook-endpoints', { body: { url: 'https://no-such-host.invalid/hooks' } }),
      [{ location: 'body', pointer: '/url', message: 'has a host that does not resolve (no-such-host.invalid)' }],
    );
    const listed = await backend.client.GET('/v1/webhook-endpoints');
    expect(listed.data?.data).toEqual([]);
  });
});
