// One sandbox session: its own in-memory SQLite store copied from a fixture's image, its own
// clock and API keys (src/store/engine/scope.ts), its forced-answer rules and its request log. The real
// backend's pipeline and handlers serve it: only the store they are given differs
// (src/http/pipeline/request-store.ts).
import { deflateRawSync, inflateRawSync } from 'node:zlib';
import { sql } from 'kysely';
import type { Logger } from 'pino';
import type { Config } from '../config';
import type { Principal } from '../core/principal';
import { type EngineFlow, endEngineRun, engineFlows, startEngineRun } from '../demo/engine';
import { fireSchedulesUntil } from '../flow-runs/scheduler';
import { platformPrincipal } from '../platforms/service';
import { onDeliveriesQueued } from '../store/cross-cutting/outbox';
import { allowPrivateWebhookAddresses } from '../store/cross-cutting/webhook-policy';
import { openStore, pageSizeOfImage, type Store } from '../store/engine/database';
import { inScope, type StoreScope } from '../store/engine/scope';
import { randomAlphanumeric } from '../store/reading/ids';
import { digestOf, lastFourOf, useKeyLog } from '../store/secrets/api-keys';
import { MCP_TOKEN_LENGTH, newMcpToken, sealMcpToken } from '../store/secrets/mcp-tokens';
import { type EncryptionKeys, useEncryptionKeys } from '../store/secrets/secrets';
import { type Dispatcher, startDispatcher } from '../webhooks/dispatcher';
import { type FixtureName, fixtureKeyDigest, SESSION_KEY_ROLES, type SessionKeyRole } from './fixtures';
import { type LoggedRequest, RequestLog } from './request-log';
import { Rules } from './rules';
import type { SessionSettings } from './settings';

/** What every session is made with. */
export interface SessionEnvironment {
  config: Config;
  logger: Logger;
  settings: SessionSettings;
  encryptionKeys: EncryptionKeys;
}

/**
 * What the sandbox holds, all of it together (./sessions.ts keeps the count against
 * SANDBOX_MAX_BYTES): each session reports its data and its log as they change.
 */
export interface Ledger {
  change(dataDelta: number, logDelta: number): void;
  /** What SANDBOX_MAX_BYTES leaves beside all data and logs, in bytes (below 0 once over it). */
  free(): number;
}

/** The bytes an in-memory SQLite store's data takes: its pages. */
export async function dataBytesOf(store: Store, pageSize: number): Promise<number> {
  const { rows } = await sql<{ page_count: number }>`PRAGMA page_count`.execute(store.db);
  return (rows[0]?.page_count ?? 0) * pageSize;
}

/** A session's id: letters and digits, carried by each of its keys after `sk-sbx`. */
export const SESSION_ID_LENGTH = 12;
/** What a session's keys start with, before the session id. */
export const SESSION_KEY_START = 'sk-sbx';
const KEY_LENGTH = 64;

/** How long an engine's run lasts on the session's clock. */
const ENGINE_RUN_MS = 1_000;

export function sessionIdOfKey(apiKey: string): string | undefined {
  if (apiKey.length !== KEY_LENGTH || !apiKey.startsWith(SESSION_KEY_START)) return undefined;
  return apiKey.slice(SESSION_KEY_START.length, SESSION_KEY_START.length + SESSION_ID_LENGTH);
}

/** What a session's MCP tokens start with, before the session id: its keys' prefix less `sk-`. */
const SESSION_TOKEN_START = SESSION_KEY_START.slice('sk-'.length);

/**
 * The session an MCP token names (its scope's prefix, src/store/secrets/mcp-tokens.ts), if any. A
 * token of the shared sandbox is random: one in 62³ starts with `sbx`, names no live session, and
 * goes to the shared store as any other.
 */
export function sessionIdOfMcpToken(token: string): string | undefined {
  if (token.length !== MCP_TOKEN_LENGTH || !token.startsWith(SESSION_TOKEN_START)) return undefined;
  return token.slice(SESSION_TOKEN_START.length, SESSION_TOKEN_START.length + SESSION_ID_LENGTH);
}

/**
 * The store's image, compressed. The image itself (a Buffer as large as the store) is not kept by the
 * caller across its awaits, so that it dies young and the sweep's minor collection frees it (./garbage.ts).
 */
function compressedImageOf(store: Store): Buffer | undefined {
  const image = store.image?.();
  return image && deflateRawSync(image, { level: 1 });
}

export class Session {
  readonly id = randomAlphanumeric(SESSION_ID_LENGTH);
  readonly keys: Record<SessionKeyRole, string>;
  /** The tokens of its fixture's MCP servers, by server id: made when it opens, given again at each reset. */
  private readonly mcpTokens = new Map<string, string>();
  readonly rules = new Rules();
  private readonly log: RequestLog;
  readonly scope: StoreScope;
  /** Real epoch milliseconds of the last request or management call. */
  lastUsed = Date.now();
  private offsetMs = 0;
  private current: Store | undefined;
  private dispatcher: Dispatcher | undefined;
  /** The store's image, compressed, while the session sleeps (./sessions.ts puts idle ones to sleep). */
  private sleeping: Buffer | undefined;
  /** Requests under way; a session sleeps only without any. */
  inFlight = 0;
  /** A reset or a move of the clock under way: no sleep meanwhile. */
  private busy = false;
  /** Its data's size as last measured (after each request that may write): what its store's pages take. */
  private dataBytes = 0;
  /** What it last reported to the ledger. */
  private reported = { data: 0, log: 0 };
  private ended = false;

  constructor(
    private readonly environment: SessionEnvironment,
    private readonly ledger: Ledger,
    readonly fixture: FixtureName,
    private readonly image: Buffer,
    readonly idleMs: number,
    readonly engineEveryMs: number | undefined,
  ) {
    const prefix = SESSION_TOKEN_START + this.id;
    this.keys = Object.fromEntries(
      SESSION_KEY_ROLES.map((role) => [
        role,
        `${SESSION_KEY_START}${this.id}${randomAlphanumeric(KEY_LENGTH - SESSION_KEY_START.length - SESSION_ID_LENGTH)}`,
      ]),
    ) as Record<SessionKeyRole, string>;
    this.log = new RequestLog(environment.settings.logSize);
    this.scope = { now: () => this.now(), keyPrefix: prefix };
  }

  /** The session's store, woken first when the session sleeps (a copy from its compressed image: a few ms). */
  get store(): Store {
    if (!this.current && this.sleeping) {
      this.current = this.attach(inflateRawSync(this.sleeping));
      this.sleeping = undefined;
    }
    if (!this.current) throw new Error(`sandbox session ${this.id} has no store`);
    return this.current;
  }

  get isAsleep(): boolean {
    return this.sleeping !== undefined;
  }

  /** Whether the session may sleep now: idle for `afterMs`, nothing under way, no webhook deliveries being sent. */
  maySleep(afterMs: number, time = Date.now()): boolean {
    return (
      this.current !== undefined &&
      !this.busy &&
      this.inFlight === 0 &&
      this.dispatcher === undefined &&
      time - this.lastUsed >= afterMs
    );
  }

  /**
   * Keeps the store as a compressed image and closes it: a sleeping demo session holds about 150 KB
   * instead of about 600 KB. Its next request wakes it (the `store` getter).
   */
  async sleep(): Promise<void> {
    const store = this.current;
    const compressed = store && compressedImageOf(store);
    if (!store || !compressed) return;
    this.sleeping = compressed;
    this.current = undefined;
    onDeliveriesQueued(store, undefined);
    await store.close();
  }

  /** The session's time, epoch milliseconds: the machine's, moved forward by its clock. */
  now(): number {
    return Date.now() + this.offsetMs;
  }

  get offset(): number {
    return this.offsetMs;
  }

  get expiresAt(): number {
    return this.lastUsed + this.idleMs;
  }

  touch(): void {
    this.lastUsed = Date.now();
  }

  isIdle(time = Date.now()): boolean {
    return time - this.lastUsed > this.idleMs;
  }

  /** What the session holds, in bytes, as counted against SANDBOX_SESSION_MAX_BYTES and SANDBOX_MAX_BYTES. */
  get bytes(): { data: number; log: number } {
    return { data: this.dataBytes, log: this.log.bytes };
  }

  /**
   * Writes a request to the log, within what the session's bound leaves beside its data and what
   * SANDBOX_MAX_BYTES leaves beside everything else; the oldest entries give way.
   */
  logRequest(entry: LoggedRequest): void {
    if (this.ended) return;
    this.log.add(entry, this.logRoom());
    this.report();
  }

  /** The log's answer, `{data, dropped}`, as pieces of JSON text (./request-log.ts). */
  logAnswer(): Buffer[] {
    return this.log.answer();
  }

  /** Empties the log. */
  clearLog(): void {
    this.log.clear();
    this.report();
  }

  /** Measures the data again (a request may have written): the log gives way to what it grew by. */
  async measure(): Promise<void> {
    const store = this.current;
    if (!store || this.ended) return;
    const bytes = await dataBytesOf(store, pageSizeOfImage(this.image));
    if (this.ended || store !== this.current) return;
    this.dataBytes = bytes;
    this.report();
    this.log.fit(this.logRoom());
    this.report();
  }

  /** Lets the oldest entries of the log go until it holds at most `room` bytes (its newest stays). */
  shrinkLog(room: number): void {
    this.log.fit(room);
    this.report();
  }

  private logRoom(): number {
    return Math.min(this.environment.settings.maxBytes - this.dataBytes, this.log.bytes + this.ledger.free());
  }

  private report(): void {
    const now = this.ended ? { data: 0, log: 0 } : this.bytes;
    this.ledger.change(now.data - this.reported.data, now.log - this.reported.log);
    this.reported = now;
  }

  /** A store of the session from `image`, bound as the sandbox's store is. */
  private attach(image: Buffer): Store {
    const { config, logger, settings, encryptionKeys } = this.environment;
    const store = openStore({ kind: 'sqlite', image, maxBytes: settings.maxBytes });
    useEncryptionKeys(store, encryptionKeys);
    allowPrivateWebhookAddresses(store, config.webhooks.allowPrivate);
    useKeyLog(store, logger);
    // The dispatcher starts with the session's first delivery: most sessions never queue one.
    onDeliveriesQueued(store, () => this.startDelivery(store));
    return store;
  }

  /**
   * Opens the session's store from its fixture: a copy of the image, with the session's keys in
   * place of the fixture's, and fresh tokens of the session (./http.ts routes an MCP request by its
   * token) in place of its MCP servers', which are the shared sandbox's and every other session's.
   */
  async open(): Promise<void> {
    const store = this.attach(this.image);
    try {
      await inScope(this.scope, () =>
        store.write(async (trx) => {
          for (const role of SESSION_KEY_ROLES) {
            const key = this.keys[role];
            await trx
              .updateTable('api_keys')
              .set({ digest: digestOf(key), last_four: lastFourOf(key) })
              .where('digest', '=', fixtureKeyDigest(role))
              .execute();
          }
          // A few rows: one server per project. The same tokens after a reset, as the same keys.
          const servers = await trx.selectFrom('mcp_servers').select('id').execute();
          for (const server of servers) {
            const token = this.mcpTokens.get(server.id) ?? newMcpToken();
            this.mcpTokens.set(server.id, token);
            await trx
              .updateTable('mcp_servers')
              .set(sealMcpToken(store, server.id, token))
              .where('id', '=', server.id)
              .execute();
          }
        }),
      );
    } catch (error) {
      await store.close().catch(() => undefined);
      throw error;
    }
    this.current = store;
    // A copy of the fixture's image: its pages, until a request writes.
    this.dataBytes = this.image.length;
    this.report();
  }

  private startDelivery(store: Store): void {
    const { config, logger } = this.environment;
    if (store !== this.current || this.dispatcher || !config.webhooks.deliver) return;
    this.dispatcher = inScope(this.scope, () => startDispatcher(store, config.webhooks, logger));
  }

  /** Back to the fixture: its data, the clock of now, no rules, an empty log; the same keys. */
  async reset(): Promise<void> {
    this.busy = true;
    try {
      await this.closeStore();
      this.offsetMs = 0;
      this.rules.clear();
      this.log.clear();
      this.dataBytes = 0;
      this.report();
      await this.open();
    } finally {
      this.busy = false;
    }
  }

  async close(): Promise<void> {
    this.ended = true;
    this.log.clear();
    this.report();
    await this.closeStore();
    this.rules.clear();
  }

  private async closeStore(): Promise<void> {
    const store = this.current;
    const dispatcher = this.dispatcher;
    this.current = undefined;
    this.dispatcher = undefined;
    this.sleeping = undefined;
    await dispatcher?.stop();
    if (store) {
      onDeliveriesQueued(store, undefined);
      await store.close();
    }
  }

  /**
   * Moves the session's clock forward by `ms`. With an engine, the runs it would have recorded
   * meanwhile are recorded, each at its own time on the clock (at most SANDBOX_ENGINE_MAX_RUNS, the
   * latest); returns how many.
   */
  async advance(ms: number): Promise<{ engineRuns: number; scheduledRuns: number }> {
    const start = this.now();
    const target = start + ms;
    const every = this.engineEveryMs;
    let engineRuns = 0;
    let scheduledRuns = 0;
    this.busy = true;
    try {
      scheduledRuns = await this.fireSchedules(target);
      this.offsetMs = start - Date.now();
      if (every !== undefined) engineRuns = await this.playEngine(ms, every);
    } finally {
      this.busy = false;
    }
    this.offsetMs = target - Date.now();
    return { engineRuns, scheduledRuns };
  }

  /**
   * Queues the runs the session's enabled schedules would have queued up to `target`, each at its
   * due time on the clock (at most SANDBOX_ENGINE_MAX_RUNS); how many. A session's clock drives its
   * schedules: the service's poller (src/flow-runs/scheduler.ts) is off in the sandbox.
   */
  private async fireSchedules(target: number): Promise<number> {
    const store = this.store;
    return inScope(this.scope, () =>
      fireSchedulesUntil(store, new Date(target).toISOString(), this.environment.settings.maxEngineRuns, (dueAt) => {
        this.offsetMs = Date.parse(dueAt) - Date.now();
      }),
    );
  }

  private async playEngine(ms: number, every: number): Promise<number> {
    let recorded = 0;
    const store = this.store;
    const due = Math.floor(ms / every);
    const skipped = Math.max(0, due - this.environment.settings.maxEngineRuns);
    const start = this.now();
    await inScope(this.scope, async () => {
      const admin = await platformPrincipal(store);
      let flows = await this.engineFlowsOf(store, admin);
      for (let turn = skipped + 1; turn <= due && flows.length > 0; turn += 1) {
        const flow = flows[turn % flows.length] as EngineFlow;
        this.offsetMs = start + turn * every - Date.now();
        try {
          const leases = await startEngineRun(store, admin, flow);
          this.offsetMs += Math.min(ENGINE_RUN_MS, every);
          for (const lease of leases) await endEngineRun(store, admin, lease, turn);
          recorded += leases.length;
        } catch (error) {
          // A flow deleted meanwhile (or whose version is gone) leaves the engine's rotation.
          this.environment.logger.debug({ err: error, flow }, 'sandbox session engine: a run failed');
          flows = flows.filter((candidate) => candidate !== flow);
        }
      }
    });
    return recorded;
  }

  private async engineFlowsOf(store: Store, admin: Principal): Promise<EngineFlow[]> {
    const projects = await store.db
      .selectFrom('projects')
      .select('id')
      .where('platform_id', '=', admin.platformId)
      .execute();
    return engineFlows(
      store,
      admin,
      projects.map((project) => project.id),
    );
  }
}
