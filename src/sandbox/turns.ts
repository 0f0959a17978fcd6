// The sandbox's requests take turns, session by session: at most `capacity` are served at once
// (SANDBOX_CONCURRENCY), and when more wait, a free turn goes to the next session in rotation that
// has one waiting, first come first served within a session. A session that floods the sandbox
// queues behind its own requests; another session's request waits for about one turn, not for
// the flood (the shared sandbox's requests take turns as one more session). A request that waits on
// purpose (a forced delay) gives its turn back meanwhile.

/** Who a request's turn is counted for: a session, or the shared sandbox. */
export type TurnOwner = object;

type Start = () => void;

export interface Turn {
  /** The request ended: its turn goes to the next one waiting. Once; later calls do nothing. */
  done(): void;
  /** Gives the turn back while `wait` runs, then waits for a turn again. */
  pause(wait: Promise<unknown>): Promise<void>;
}

export class Turns {
  private serving = 0;
  private readonly waiting = new Map<TurnOwner, Start[]>();
  /** Owners with requests waiting, the next to be served first. */
  private readonly rotation: TurnOwner[] = [];

  constructor(private readonly capacity: number) {}

  /** Requests waiting for a turn. */
  get queued(): number {
    let count = 0;
    for (const starts of this.waiting.values()) count += starts.length;
    return count;
  }

  /** The request's turn: `start` is called once it has it (at once when one is free). */
  take(owner: TurnOwner, start: (turn: Turn) => void): Turn {
    let held = false;
    let ended = false;
    const turn: Turn = {
      done: () => {
        if (ended) return;
        ended = true;
        if (held) this.free();
      },
      pause: async (wait) => {
        if (!held || ended) {
          await wait;
          return;
        }
        held = false;
        this.free();
        await wait;
        await new Promise<void>((resolve) =>
          this.queue(owner, () => {
            held = true;
            resolve();
          }),
        );
        // Ended meanwhile (the client went away): the turn just taken goes on at once.
        if (ended) {
          held = false;
          this.free();
        }
      },
    };
    this.queue(owner, () => {
      held = true;
      if (ended) {
        held = false;
        this.free();
        return;
      }
      start(turn);
    });
    return turn;
  }

  private queue(owner: TurnOwner, start: Start): void {
    if (this.serving < this.capacity && this.rotation.length === 0) {
      this.serving += 1;
      start();
      return;
    }
    const starts = this.waiting.get(owner);
    if (starts) starts.push(start);
    else {
      this.waiting.set(owner, [start]);
      this.rotation.push(owner);
    }
  }

  private free(): void {
    this.serving -= 1;
    while (this.serving < this.capacity && this.rotation.length > 0) {
      const owner = this.rotation.shift() as TurnOwner;
      const starts = this.waiting.get(owner) as Start[];
      const start = starts.shift() as Start;
      if (starts.length > 0) this.rotation.push(owner);
      else this.waiting.delete(owner);
      this.serving += 1;
      start();
    }
  }
}
