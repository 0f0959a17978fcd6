// Types of scripts/prism.mjs (the project type-checks TypeScript only).
import type { ChildProcess } from 'node:child_process';

export declare const projectRoot: string;
export declare const bundlePath: string;

export type PrismLogLevel = 'trace' | 'debug' | 'info' | 'warn' | 'error' | 'fatal' | 'silent';

export interface StartPrismOptions {
  mode?: 'mock' | 'proxy';
  /** Proxy mode: the backend's base URL, e.g. `http://localhost:3000/api`. */
  upstream?: string;
  host?: string;
  port?: number;
  logLevel?: PrismLogLevel;
  /** Prism's `--errors`: a violation becomes an error response instead of only an `sl-violations` header. */
  errors?: boolean;
  /** Prism's `--dynamic`: every response generated from its schema. */
  dynamic?: boolean;
  stdio?: 'pipe' | 'inherit';
  timeoutMs?: number;
  /** The bundle to serve; default generated/openapi.json. */
  specSource?: string;
}

export interface RunningPrism {
  /** What a client puts before `/v1/...`: `http://HOST:PORT/api`. */
  baseUrl: string;
  origin: string;
  port: number;
  basePath: string;
  child: ChildProcess;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  refresh(): void;
  stop(): Promise<void>;
}

export interface MountedSpec {
  specPath: string;
  basePath: string;
  refresh(): void;
  cleanup(): void;
}

export declare function basePathOf(bundle: { servers?: { url: string }[] }): string;
export declare function mountBundle<T extends { servers?: { url: string }[]; paths?: Record<string, unknown> }>(bundle: T): { spec: T; basePath: string };
export declare function writeMountedSpec(sourcePath?: string): MountedSpec;
export declare function freePort(host?: string): Promise<number>;
export declare function startPrism(options?: StartPrismOptions): Promise<RunningPrism>;
export declare function portIsFree(host: string, port: number): Promise<boolean>;
