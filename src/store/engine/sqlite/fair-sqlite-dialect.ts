// Kysely's SQLite dialect, with its one connection handed to whoever has waited longest. Kysely's
// own lock wakes every waiter when it is released, and all but one go back to waiting: with fifty
// requests queued behind a batch of writes (src/store/engine/sqlite/write-batch.ts), every release cost fifty
// wake-ups, some 5 KB of the 130 KB a create allocated. Here a release wakes one waiter, in the order
// they asked, so a read no longer waits behind those that came after it either.
// Plugged in by src/store/engine/speed-tricks.ts (`fairConnection`); without it Kysely's own SqliteDialect.
import { type DatabaseConnection, type Driver, SqliteDialect, type SqliteDialectConfig, SqliteDriver } from 'kysely';

class FairSqliteDriver extends SqliteDriver {
  /** Set while a caller holds the connection, until the last one releases it. */
  #held = false;
  readonly #waiting: (() => void)[] = [];

  override async acquireConnection(): Promise<DatabaseConnection> {
    if (this.#held) await new Promise<void>((resolve) => this.#waiting.push(resolve));
    else this.#held = true;
    // Kysely's own lock is free by now: only the holder gets past the queue above.
    return super.acquireConnection();
  }

  override async releaseConnection(): Promise<void> {
    await super.releaseConnection();
    const next = this.#waiting.shift();
    // Handed over as it is released: nobody arriving meanwhile gets in ahead of the next in line.
    if (next) next();
    else this.#held = false;
  }
}

export class FairSqliteDialect extends SqliteDialect {
  readonly #config: SqliteDialectConfig;

  constructor(config: SqliteDialectConfig) {
    super(config);
    this.#config = config;
  }

  override createDriver(): Driver {
    return new FairSqliteDriver(this.#config);
  }
}
