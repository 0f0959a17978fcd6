// What a session's requests were, in order, so that a test can assert what the UI sent: each
// request's operation, method, path, query, body, the status answered and its problem, and how long
// it took. Bounded: beyond `size` the oldest go, and `dropped` counts them.
export interface LoggedRequest {
  operationId: string | null;
  method: string;
  path: string;
  query: Record<string, unknown>;
  body: unknown;
  /** null: the connection was closed before an answer (a rule's closeConnection, or the client). */
  status: number | null;
  problem: Record<string, unknown> | null;
  durationMs: number;
  requestId: string;
  /** When it arrived, on the session's clock. */
  at: string;
  /** How an answer was forced, when one was. */
  forced?: 'rule' | 'prefer';
}

export class RequestLog {
  private entries: LoggedRequest[] = [];
  private droppedCount = 0;

  constructor(private readonly size: number) {}

  add(entry: LoggedRequest): void {
    this.entries.push(entry);
    const excess = this.entries.length - this.size;
    if (excess > 0) {
      this.entries.splice(0, excess);
      this.droppedCount += excess;
    }
  }

  list(): { data: LoggedRequest[]; dropped: number } {
    return { data: [...this.entries], dropped: this.droppedCount };
  }

  clear(): void {
    this.entries = [];
    this.droppedCount = 0;
  }
}
