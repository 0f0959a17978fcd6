// Vitest global setup: compiles src/ (and the docs page) as `npm run build` does, once per run, so
// the process tests start exactly what `npm start` starts, built from the code under test. First,
// as `npm test` does (pretest), it refuses an unsupported Node in one line: `npx vitest` skips
// npm's scripts, and on Node 20 the SQLite module crashes the workers far from the cause.
import { buildDocsPage, compile } from '../../scripts/compile';
import { unsupportedNode } from '../../src/startup/node-version';

export default async function setup(): Promise<void> {
  const refusal = unsupportedNode();
  if (refusal !== undefined) {
    process.stderr.write(`${refusal}\n`);
    process.exit(1);
  }
  await compile();
  buildDocsPage();
}
