// Vitest global setup: compiles src/ (and the docs page) as `npm run build` does, once per run, so
// the process tests start exactly what `npm start` starts, built from the code under test.
import { buildDocsPage, compile } from '../../scripts/compile';

export default async function setup(): Promise<void> {
  await compile();
  buildDocsPage();
}
