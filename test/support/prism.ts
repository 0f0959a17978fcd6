// Starts the Prism mock of the contract for a test run and stops it afterwards:
//   const prism = await startPrism();            // a free port on 127.0.0.1
//   const client = createClient({ baseUrl: prism.baseUrl, apiKey: 'sk-…' });
//   …
//   await prism.stop();
// `baseUrl` is `http://127.0.0.1:PORT/api`, the same convention as the backend
// (`http://localhost:3000/api`): the bundle is served mounted under the server URL's path, so
// clients call `${baseUrl}/v1/...` against either. Prism logs only errors, and only if start-up
// fails are they shown (in the thrown error).
import { startPrism as startPrismProcess } from '../../scripts/prism';

export interface PrismHandle {
  /** What a client puts before `/v1/...`, e.g. `http://127.0.0.1:43117/api`. */
  baseUrl: string;
  stop: () => Promise<void>;
}

export async function startPrism(options: { port?: number } = {}): Promise<PrismHandle> {
  const prism = await startPrismProcess({
    mode: 'mock',
    host: '127.0.0.1',
    logLevel: 'error',
    ...(options.port !== undefined ? { port: options.port } : {}),
  });
  return { baseUrl: prism.baseUrl, stop: prism.stop };
}
