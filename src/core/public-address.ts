// Where webhooks may be sent: public unicast addresses only. A webhook URL is chosen by a caller
// and fetched by the service, so without this guard it could reach the service's own network: the
// loopback interface, private ranges, link-local addresses and the cloud metadata services
// (169.254.169.254 and the like, which hand out credentials). Addresses are classified by ipaddr.js;
// IPv4 written inside IPv6 (::ffff:10.0.0.1) is judged as the IPv4 address it is.
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
 * Why `address` (an IPv4 or IPv6 literal) must not be connected to, or undefined when it is a public
 * unicast address. Every range but `unicast` is refused: the special-purpose ones (documentation,
 * benchmarking, 6to4, Teredo, NAT64…) are `reserved`, as some of them lead to private networks.
 */
export function refusedAddressClass(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return 'not an IP address';
  const parsed = ipaddr.process(address);
  const normal = parsed.toNormalizedString();
  if (METADATA_ADDRESSES.has(normal) || METADATA_ADDRESSES.has(parsed.toString())) return 'cloud metadata';
  const range = parsed.range();
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
