// `npm run conformance -- --server URL --key KEY [--out DIR] [--receiver-url URL]`: runs every
// Arazzo workflow of openapi/workflows/ against a deployment of this API (ours, another
// implementation, a proxy in front of ours), prints each with its result and a score, and writes
// DIR/junit.xml, DIR/conformance.json (the summary) and DIR/respect.json (respect's own report,
// every request and answer). It refuses a server whose contract version it does not know: the
// workflows are written for this checkout's contract, any patch of the same minor version.
// The workflows touch only what they make, in projects of their own, and delete it at the end.
//   --server        the API's base URL, what comes before /v1 (http://localhost:3000/api);
//                   default: $API_BASE_URL, as the contract's code samples use it
//   --key           an ADMIN key of the platform to use (the platform needs a project of its own:
//                   its last project cannot be deleted); default: $API_KEY, which keeps it out of
//                   the command line npm echoes
//   --out           where the reports go (default dist/conformance)
//   --receiver-url  a URL the server can reach that answers 2xx: without it, the webhook workflow
//                   is skipped, saying so
// Exit codes: 0 every workflow run passed, 1 one failed, 2 the run could not start.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadBundle, projectRoot } from '../src/core/bundle-file';
import { type ConformanceSummary, consoleReport, junitXml, type SkippedWorkflow, scoreOf } from './conformance/reports';
import { runWorkflows, workflowFiles } from './conformance/respect';

/** Workflows that need a webhook receiver the server can reach. */
const NEEDS_RECEIVER = [{ file: 'webhook-test-event.arazzo.yaml', workflowId: 'webhookTestEvent' }];

function usage(message: string): never {
  console.error(`${message}\nusage: npm run conformance -- --server URL --key KEY [--out DIR] [--receiver-url URL]`);
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    key: { type: 'string' },
    out: { type: 'string', default: join(projectRoot, 'dist', 'conformance') },
    'receiver-url': { type: 'string' },
  },
  strict: true,
});
const server = (values.server ?? process.env.API_BASE_URL)?.replace(/\/+$/, '');
const apiKey = values.key ?? process.env.API_KEY;
if (!server) usage('--server (or API_BASE_URL) is required');
if (!apiKey) usage('--key (or API_KEY) is required');
const outDir = resolve(values.out);

const knownVersion = String((loadBundle().info as { version?: unknown } | undefined)?.version);
const serverVersion = await contractVersionAt(server);
if (minorOf(serverVersion) !== minorOf(knownVersion)) {
  console.error(
    `${server} serves contract ${serverVersion}; these workflows know ${minorOf(knownVersion)}.x (${knownVersion}) only. Run the conformance of the checkout that matches it.`,
  );
  process.exit(2);
}

const skipped: SkippedWorkflow[] = values['receiver-url']
  ? []
  : NEEDS_RECEIVER.map((workflow) => ({
      ...workflow,
      reason: 'needs a webhook receiver the server can reach (--receiver-url)',
    }));
const files = workflowFiles();
const run = await runWorkflows({
  files,
  serverUrl: server,
  inputs: { apiKey, ...(values['receiver-url'] ? { receiverUrl: values['receiver-url'] } : {}) },
  skip: skipped.map((workflow) => workflow.workflowId),
});
const results = run.results.filter((result) => !skipped.some((skip) => skip.workflowId === result.workflowId));
const ranFiles = new Set([...results.map((result) => basename(result.file)), ...skipped.map((skip) => skip.file)]);
const missing = files.map((file) => basename(file)).filter((file) => !ranFiles.has(file));
if (missing.length > 0) {
  console.error(`redocly respect ran no workflow of ${missing.join(', ')}:\n${run.output}`);
  process.exit(2);
}

const summary: ConformanceSummary = {
  server,
  contractVersion: { server: serverVersion, workflows: knownVersion },
  results,
  skipped,
  score: scoreOf(results),
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'junit.xml'), junitXml(summary));
writeFileSync(join(outDir, 'conformance.json'), `${JSON.stringify(summary, null, 2)}\n`);
writeFileSync(join(outDir, 'respect.json'), `${JSON.stringify(run.report, null, 2)}\n`);
console.log(consoleReport(summary));
console.log(`Reports: ${join(outDir, 'junit.xml')}, conformance.json, respect.json`);
process.exit(summary.score.passed === summary.score.run ? 0 : 1);

/** `1.9.3` → `1.9`. */
function minorOf(version: string): string {
  return version.split('.').slice(0, 2).join('.');
}

/** The info.version of the contract the server documents itself with ({base}/openapi.json). */
async function contractVersionAt(base: string): Promise<string> {
  const url = `${base}/openapi.json`;
  let response: Response;
  try {
    response = await fetch(url);
  } catch (error) {
    usage(`${url} cannot be reached: ${error instanceof Error ? error.message : String(error)}`);
  }
  const body: unknown = response.ok ? await response.json().catch(() => undefined) : undefined;
  const info = typeof body === 'object' && body !== null ? (body as { info?: { version?: unknown } }).info : undefined;
  if (typeof info?.version !== 'string')
    usage(`${url} answered ${response.status} without a contract (no info.version): is --server the API's base URL?`);
  return info.version;
}
