// Which webhook receiver a conformance run uses: the webhook workflow needs a URL the server can
// reach; the webhook checks need the run's own receiver there, to see what was delivered.
//   --listen HOST:PORT (with --receiver-url: the URL that leads there) → the run's own receiver
//   a server on this machine, no --receiver-url → the run's own receiver on 127.0.0.1
//   --receiver-url alone → someone else's receiver: the workflow runs, the checks are skipped
// Whatever the choice, the server must accept the URL as an endpoint's (ours refuses loopback and
// plain http without WEBHOOK_ALLOW_PRIVATE): a probe endpoint, deleted at once, tells.
import type { Api } from './http';
import { marked } from './leftovers';
import { type RunReceiver, startRunReceiver } from './receiver';

export interface ReceiverChoice {
  /** The URL the server is given for webhook endpoints. */
  url?: string;
  /** The run's own receiver, whose deliveries the webhook checks read. */
  own?: RunReceiver;
  /** Why the webhook checks do not run. */
  skipReason?: string;
}

const LOOPBACK_HOSTS = ['localhost', '127.0.0.1', '[::1]'];

/** Throws for a --listen that is not HOST:PORT, or a port that cannot be listened on. */
export async function chooseReceiver(
  api: Api,
  server: string,
  options: { receiverUrl?: string | undefined; listen?: string | undefined },
): Promise<ReceiverChoice> {
  const given = options.receiverUrl;
  let own: RunReceiver | undefined;
  if (options.listen) {
    const match = /^(.*):(\d+)$/.exec(options.listen);
    if (!match) throw new Error(`--listen: '${options.listen}' is not HOST:PORT`);
    own = await startRunReceiver(match[1]?.replace(/^\[|\]$/g, '') || '0.0.0.0', Number(match[2]));
  } else if (given === undefined && LOOPBACK_HOSTS.includes(new URL(server).hostname)) {
    own = await startRunReceiver('127.0.0.1', 0);
  }
  const url = given ?? own?.url;
  if (url === undefined)
    return { skipReason: 'needs a receiver of the run the server can reach: --listen HOST:PORT and --receiver-url' };
  const probe = await api.call('POST', '/v1/webhook-endpoints', {
    json: { url, eventTypes: ['flow.created'], description: marked('receiver probe') },
  });
  const body = typeof probe.body === 'object' && probe.body !== null ? probe.body : {};
  if ('id' in body) await api.call('DELETE', `/v1/webhook-endpoints/${String(body.id)}`);
  if (probe.status !== 201) {
    await own?.close();
    const detail = 'detail' in body ? String(body.detail) : '';
    return {
      skipReason: `the server refuses ${url} as a webhook endpoint (${probe.status}: ${detail}); give --receiver-url a URL it accepts, leading to --listen`,
    };
  }
  if (own === undefined)
    return {
      url,
      skipReason: `deliveries to ${url} are not visible to the run: add --listen HOST:PORT where that URL leads`,
    };
  return { url, own };
}
