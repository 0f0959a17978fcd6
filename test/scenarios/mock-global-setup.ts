// Vitest global setup: starts the Prism mock of the contract once per test run on a free port and
// hands its base URL (`http://127.0.0.1:PORT/api`) to the tests as inject('mockBaseUrl').
import type { TestProject } from 'vitest/node';
import { startPrism } from '../support/prism';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the Prism mock started for this run, e.g. `http://127.0.0.1:43117/api`. */
    mockBaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const prism = await startPrism();
  project.provide('mockBaseUrl', prism.baseUrl);
  return () => prism.stop();
}
