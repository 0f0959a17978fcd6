// Where webhooks may be sent: public unicast addresses only. A webhook URL is chosen by a caller
// and fetched by the service, so without this guard it could reach the service's own network: the
// loopback interface, private ranges, link-local addresses and the cloud metadata services
// (169.254.169.254 and the like, which hand out credentials). Addresses are classified by ipaddr.js;
// an IPv6 address that carries an IPv4 address (::ffff:10.0.0.1, ::127.0.0.1, 64:ff9b::10.0.0.1,
// 2002:a00:1::, Teredo, ISATAP) is judged by the IPv4 address it carries (embeddedIPv4).
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** Cloud metadata services at addresses of their own (the link-local ones are refused as such too). */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, Azure, GCP, OpenStack, DigitalOcean, Oracle
  '169.254.170.2', // AWS ECS task metadata
  '100.100.100.200', // Alibaba Cloud
  'fd00:ec2::254', // AWS over IPv6
]);

/** The class of refused addresses a range of ipaddr.js belongs to, as error messages name it. */
const REFUSED_RANGES: Record<string, string> = {
  unspecified: 'unspecified',
  loopback: 'loopback',
  private: 'private',
  uniqueLocal: 'private',
  carrierGradeNat: 'private',
  linkLocal: 'link-local',
  broadcast: 'broadcast',
  multicast: 'multicast',
};

/**
 * An IPv6 literal as the WHATWG URL parser writes it (`::8.8.8.8` → `::808:808`); any other text as
 * it is. ipaddr.js reads the text `::a.b.c.d` (IPv4-compatible, which the socket connects to as
 * such) as `::ffff:a.b.c.d` (IPv4-mapped): `::8.8.8.8` would be judged as 8.8.8.8.
 */
function canonicalText(address: string): string {
  if (isIP(address) !== 6) return address;
  try {
    return new URL(`http://[${address}]/`).hostname.slice(1, -1);
  } catch {
    // A zone (fe80::1%eth0), which URLs do not take: link-local either way.
    return address;
  }
}

/** A refused IPv4 address's class, by the same rules as any address. */
function refusedIPv4Class(ipv4: ipaddr.IPv4): string | undefined {
  if (METADATA_ADDRESSES.has(ipv4.toString())) return 'cloud metadata';
  const range = ipv4.range();
  return range === 'unicast' ? undefined : (REFUSED_RANGES[range] ?? 'reserved');
}

/** The IPv4 address in the 32 bits of `parts` (16-bit words) from word `at`. */
function ipv4At(parts: readonly number[], at: number): ipaddr.IPv4 {
  const high = parts[at] ?? 0;
  const low = parts[at + 1] ?? 0;
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);
}

/**
 * The IPv4 address (or the candidates for it) an IPv6 address carries, and whether the IPv6 form
 * reaches a public one directly (an ordinary address whose interface id happens to hold it) or
 * through a translator or a tunnel (refused as `reserved` even then, as those ranges always were).
 * IPv4-mapped `::ffff:0:0/96` needs nothing here: ipaddr.js's `process` makes it the IPv4 address.
 */
function embeddedIPv4(address: ipaddr.IPv6): { candidates: ipaddr.IPv4[]; direct: boolean } | undefined {
  const p = address.parts;
  const zeros = (from: number, to: number) => p.slice(from, to).every((part) => part === 0);
  // IPv4-translated ::ffff:0:a.b.c.d (RFC 6145) and IPv4-compatible ::a.b.c.d (deprecated, RFC 4291),
  // but not :: and ::1, which are IPv6's own unspecified and loopback addresses.
  if (zeros(0, 4) && p[4] === 0xffff && p[5] === 0) return { candidates: [ipv4At(p, 6)], direct: false };
  if (zeros(0, 6) && !(p[6] === 0 && (p[7] ?? 0) <= 1)) return { candidates: [ipv4At(p, 6)], direct: false };
  // NAT64, the well-known prefix 64:ff9b::/96 (RFC 6052).
  if (p[0] === 0x64 && p[1] === 0xff9b && zeros(2, 6)) return { candidates: [ipv4At(p, 6)], direct: false };
  // NAT64, the local-use prefix 64:ff9b:1::/48 (RFC 8215), judged by the last 32 bits (where a /96
  // prefix, the usual one, puts the address); refused as reserved whatever they hold.
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return { candidates: [ipv4At(p, 6)], direct: false };
  // 6to4 2002:a.b.c.d::/48 (RFC 3056).
  if (p[0] === 0x2002) return { candidates: [ipv4At(p, 1)], direct: false };
  // Teredo 2001:0::/32 (RFC 4380): the client's address is the last 32 bits, inverted.
  if (p[0] === 0x2001 && p[1] === 0) {
    const inverted = ipv4At(p, 6).octets.map((octet) => octet ^ 0xff);
    return { candidates: [new ipaddr.IPv4(inverted)], direct: false };
  }
  // ISATAP (RFC 5214): an interface id of 0:5efe or 200:5efe and the IPv4 address, under any prefix.
  if ((p[4] === 0 || p[4] === 0x200) && p[5] === 0x5efe) return { candidates: [ipv4At(p, 6)], direct: true };
  return undefined;
}

/**
 * Why `address` (an IPv4 or IPv6 literal) must not be connected to, or undefined when it is a public
 * unicast address. Every range but `unicast` is refused: the special-purpose ones (documentation,
 * benchmarking, 6to4, Teredo, NAT64…) are `reserved`, as some of them lead to private networks. An
 * IPv6 address carrying an IPv4 address is refused as that address's class when it is not public.
 */
export function refusedAddressClass(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(canonicalText(address));
  if (parsed.kind() === 'ipv4') return refusedIPv4Class(parsed as ipaddr.IPv4);
  const ipv6 = parsed as ipaddr.IPv6;
  if (METADATA_ADDRESSES.has(ipv6.toNormalizedString()) || METADATA_ADDRESSES.has(ipv6.toString()))
    return 'cloud metadata';
  const embedded = embeddedIPv4(ipv6);
  if (embedded !== undefined) {
    for (const candidate of embedded.candidates) {
      const refused = refusedIPv4Class(candidate);
      if (refused !== undefined) return refused;
    }
    if (!embedded.direct) return 'reserved';
  }
  const range = ipv6.range();
  if (range === 'unicast') return undefined;
  return REFUSED_RANGES[range] ?? 'reserved';
}

/** An address a host name resolved to, checked: the one to connect to. */
export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

export class RefusedAddress extends Error {
  constructor(
    message: string,
    readonly addressClass: string,
  ) {
    super(message);
    this.name = 'RefusedAddress';
  }
}

/** The host of a URL as DNS and the address checks take it: IPv6 literals without their brackets. */
export function hostOf(url: URL): string {
  return url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
}

/**
 * The addresses `host` resolves to, every one of them public (unless `allowPrivate`); throws
 * RefusedAddress naming the first that is not, and the lookup's error when it does not resolve. A
 * name that resolves to a public and a private address is refused: which one a later lookup gives
 * is not ours to choose.
 */
export async function resolvePublic(host: string, allowPrivate: boolean): Promise<CheckedAddress[]> {
  const addresses =
    isIP(host) !== 0
      ? [{ address: host, family: isIP(host) as 4 | 6 }]
      : (await lookup(host, { all: true, verbatim: true })).map((entry) => ({
          address: entry.address,
          family: entry.family as 4 | 6,
        }));
  if (addresses.length === 0) throw new Error(`${host} resolves to no address`);
  if (!allowPrivate) {
    for (const { address } of addresses) {
      const refused = refusedAddressClass(address);
      if (refused !== undefined)
        throw new RefusedAddress(
          `${host === address ? address : `${host} resolves to ${address}, which`} is a ${refused} address`,
          refused,
        );
    }
  }
  return addresses;
}
