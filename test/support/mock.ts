// Starts the mock as `npm run mock` runs it (the backend's request checks of src/http/mock/mock-app.ts
// in front of Prism's mocker, in this process) on a free port, for a test run:
//   const mock = await startMock();   // mock.baseUrl is http://127.0.0.1:PORT/api
//   …
//   await mock.stop();
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { prismResponder } from '../../scripts/prism-responder';
import { loadBundle } from '../../src/core/bundle-file';
import { basePathOf } from '../../src/core/contract';
import { createMockApp } from '../../src/http/mock/mock-app';

export interface MockHandle {
  /** What a client puts before `/v1/...`, e.g. `http://127.0.0.1:43117/api`. */
  baseUrl: string;
  stop: () => Promise<void>;
}

/** The backend's default body limit (src/config.ts), as `npm run mock` uses without BODY_LIMIT_BYTES. */
const BODY_LIMIT = 1024 * 1024;

export async function startMock(): Promise<MockHandle> {
  const server = createServer(createMockApp({ respond: await prismResponder(), bodyLimit: BODY_LIMIT }));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}${basePathOf(loadBundle())}`,
    async stop() {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}
