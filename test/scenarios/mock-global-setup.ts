// Vitest global setup: starts the mock of the contract (the backend's request checks in front of
// Prism, as `npm run mock` runs it) once per test run on free ports and hands its base URL
// (`http://127.0.0.1:PORT/api`) to the tests as inject('mockBaseUrl').
import type { TestProject } from 'vitest/node';
import { startMock } from '../support/mock';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Base URL of the mock started for this run, e.g. `http://127.0.0.1:43117/api`. */
    mockBaseUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const mock = await startMock();
  project.provide('mockBaseUrl', mock.baseUrl);
  return () => mock.stop();
}
