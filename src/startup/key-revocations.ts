// API keys across instances: the store's key cache hears every revocation at once through a feed
// (Redis when REDIS_URL is set, else PostgreSQL's LISTEN/NOTIFY; SQLite alone has none, and trusts a
// cached key for a second only), and key events go to the service's log.
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Store, StoreOptions } from '../store/engine/database';
import { revocationListenerOf, useKeyLog, useRevocationFeed } from '../store/secrets/api-keys';
import { type FeedSource, openRevocationFeed, type RevocationFeed } from '../store/secrets/key-revocations';

function feedSourceOf(config: Config, options: StoreOptions): FeedSource | undefined {
  if (config.redisUrl) return { kind: 'redis', url: config.redisUrl, prefix: config.redisPrefix };
  if (options.kind === 'postgres') return { kind: 'postgres', url: options.url };
  return undefined;
}

/** Binds the key log and the revocation feed (when there can be one) to the store; the feed, to close at the end. */
export async function listenForKeyRevocations(
  config: Config,
  options: StoreOptions,
  store: Store,
  logger: Logger,
): Promise<RevocationFeed | undefined> {
  useKeyLog(store, logger);
  const source = feedSourceOf(config, options);
  if (!source) return undefined;
  const feed = await openRevocationFeed(source, revocationListenerOf(store));
  useRevocationFeed(store, feed);
  logger.info({ through: source.kind }, 'listening for API key revocations');
  return feed;
}
