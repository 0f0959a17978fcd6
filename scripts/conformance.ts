// `npm run conformance -- --server URL --key KEY [--out DIR] [--receiver-url URL] [--listen HOST:PORT]
// [--other-key KEY] [--cleanup]`: checks a deployment of this API (ours, another implementation, a
// proxy in front of ours) against this checkout's contract, by area:
//   workflows       every Arazzo workflow of openapi/workflows/, run by `redocly respect`
//   isolation       a key limited to one project (and, with --other-key, another platform's key)
//                   finds another project's records as ids that never existed (404)
//   use-after-free  a deleted record answers 404 to every operation; a revoked key is a 401
//   problems        each error the run can provoke safely is the documented problem and code
//   idempotency     a retried create is answered once, in flight at once too
//   webhooks        deliveries verify with the endpoint's secret (needs the run's receiver)
// It prints each check with its result, the failures and a score per area, and writes
// DIR/junit.xml, DIR/conformance.json (the summary) and DIR/respect.json (respect's own report).
// It refuses a server whose contract version it does not know (another minor version).
// Everything it makes is named with a marker (scripts/conformance/leftovers.ts) and deleted at the
// end; what a killed run left is deleted when the next run starts, or by `--cleanup` alone.
//   --server        the API's base URL, what comes before /v1 (http://localhost:3000/api);
//                   default: $API_BASE_URL, as the contract's code samples use it
//   --key           an ADMIN key of the platform to use (the platform needs a project of its own:
//                   its last project cannot be deleted); default: $API_KEY, which keeps it out of
//                   the command line npm echoes
//   --out           where the reports go (default dist/conformance)
//   --receiver-url  a URL the server can reach that answers 2xx, for the webhook workflow; with
//                   --listen, the URL that leads to the run's own receiver (a tunnel, a port forward)
//   --listen        HOST:PORT where the run's receiver listens, for the webhook checks. A server on
//                   this machine (localhost, 127.0.0.1, ::1) gets a receiver on 127.0.0.1 without it
//   --other-key     an ADMIN key of another platform of the same deployment, for tenant isolation
//   --cleanup       only delete what earlier runs left, and exit
// Exit codes: 0 every check run passed, 1 one failed, 2 the run could not start.
import { mkdirSync, writeFileSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { loadBundle, projectRoot } from '../src/core/bundle-file';
import { CheckRun } from './conformance/checks/check';
import { idempotencyChecks } from './conformance/checks/idempotency';
import { isolationChecks } from './conformance/checks/isolation';
import { problemChecks } from './conformance/checks/problems';
import { useAfterFreeChecks } from './conformance/checks/use-after-free';
import { webhookChecks } from './conformance/checks/webhooks';
import { Api } from './conformance/http';
import { describeRemoved, type Removed, removeLeftovers } from './conformance/leftovers';
import { chooseReceiver } from './conformance/receiver-choice';
import { type ConformanceSummary, consoleReport, junitXml, scoreOf } from './conformance/reports';
import { describeFailure, runWorkflows, workflowFiles } from './conformance/respect';

/** Workflows that need a webhook receiver the server can reach. */
const NEEDS_RECEIVER = [{ file: 'webhook-test-event.arazzo.yaml', workflowId: 'webhookTestEvent' }];
const WEBHOOK_CHECKS = [
  "the test event verifies with the endpoint's secret",
  "an event of the subscribed project verifies with the endpoint's secret",
  'after a rotation, deliveries verify with the new secret',
];

function usage(message: string): never {
  console.error(
    `${message}\nusage: npm run conformance -- --server URL --key KEY [--out DIR] [--receiver-url URL] [--listen HOST:PORT] [--other-key KEY] [--cleanup]`,
  );
  process.exit(2);
}

const { values } = parseArgs({
  options: {
    server: { type: 'string' },
    key: { type: 'string' },
    out: { type: 'string', default: join(projectRoot, 'dist', 'conformance') },
    'receiver-url': { type: 'string' },
    listen: { type: 'string' },
    'other-key': { type: 'string' },
    cleanup: { type: 'boolean', default: false },
  },
  strict: true,
});
const server = (values.server ?? process.env.API_BASE_URL)?.replace(/\/+$/, '');
const apiKey = values.key ?? process.env.API_KEY;
if (!server) usage('--server (or API_BASE_URL) is required');
if (!apiKey) usage('--key (or API_KEY) is required');
const outDir = resolve(values.out);
const started = performance.now();

const knownVersion = String((loadBundle().info as { version?: unknown } | undefined)?.version);
const serverVersion = await contractVersionAt(server);
if (minorOf(serverVersion) !== minorOf(knownVersion)) {
  console.error(
    `${server} serves contract ${serverVersion}; these workflows know ${minorOf(knownVersion)}.x (${knownVersion}) only. Run the conformance of the checkout that matches it.`,
  );
  process.exit(2);
}

const api = new Api(server, apiKey);
const none: Removed = { projects: 0, apiKeys: 0, webhookEndpoints: 0 };
const removedAny = (removed: Removed) => removed.projects + removed.apiKeys + removed.webhookEndpoints > 0;
/** removeLeftovers, or what went wrong: a server that is not this API cannot list its records. */
async function sweep(when: string): Promise<Removed | undefined> {
  try {
    return await removeLeftovers(api);
  } catch (error) {
    console.error(`Cannot delete what ${when} left: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}
const removedBefore = await sweep('earlier runs');
if (values.cleanup) {
  if (removedBefore) console.log(`Deleted what earlier runs left: ${describeRemoved(removedBefore)}`);
  process.exit(removedBefore ? 0 : 1);
}
if (removedBefore && removedAny(removedBefore))
  console.log(`Deleted what earlier runs left: ${describeRemoved(removedBefore)}`);

// A run stopped by a signal it can see still deletes what it made; SIGKILL is the next run's.
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.once(signal, () => {
    console.error(`${signal}: deleting what this run made`);
    void sweep('this run').finally(() => process.exit(130));
  });

const checks = new CheckRun();
const receiver = await chooseReceiver(api, server, {
  receiverUrl: values['receiver-url'],
  listen: values.listen,
}).catch((error: unknown) => usage(error instanceof Error ? error.message : String(error)));
if (receiver.skipReason) {
  checks.skip('webhooks', WEBHOOK_CHECKS, receiver.skipReason);
}
try {
  await workflows(receiver.url);
  await isolationChecks(checks, api, values['other-key']);
  await useAfterFreeChecks(checks, api, receiver.url);
  await problemChecks(checks, api);
  await idempotencyChecks(checks, api);
  if (receiver.own && receiver.url) await webhookChecks(checks, api, receiver.own, receiver.url);
} catch (error) {
  // Not a failed check (those are kept as results) but a run that cannot go on: still clean up.
  console.error(`The run stopped: ${error instanceof Error ? error.message : String(error)}`);
  await sweep('this run');
  process.exit(2);
} finally {
  await receiver.own?.close();
}

const removedAfter = await sweep('this run');
// A second sweep finds nothing unless the first could not delete something (or it failed).
const remaining = removedAfter ? await sweep('this run') : undefined;
const cleanedUp = remaining !== undefined && !removedAny(remaining);
if (remaining && !cleanedUp) console.error(`Records the run made are left: ${describeRemoved(remaining)}`);

const summary: ConformanceSummary = {
  server,
  contractVersion: { server: serverVersion, workflows: knownVersion },
  results: checks.results,
  skipped: checks.skipped,
  ...scoreOf(checks.results, checks.skipped),
  leftovers: {
    removedBefore: removedBefore ?? none,
    removedAfter: removedAfter ?? none,
    cleanedUp,
  },
  durationMs: Math.round(performance.now() - started),
};
mkdirSync(outDir, { recursive: true });
writeFileSync(join(outDir, 'junit.xml'), junitXml(summary));
writeFileSync(join(outDir, 'conformance.json'), `${JSON.stringify(summary, null, 2)}\n`);
console.log(consoleReport(summary));
console.log(`Reports: ${join(outDir, 'junit.xml')}, conformance.json, respect.json`);
process.exit(summary.score.passed === summary.score.run && cleanedUp ? 0 : 1);

/** Runs the workflows with respect; each becomes a check of the `workflows` area. */
async function workflows(receiverUrl: string | undefined): Promise<void> {
  if (receiverUrl === undefined)
    for (const workflow of NEEDS_RECEIVER)
      checks.skip(
        'workflows',
        [`${workflow.workflowId} (${workflow.file})`],
        'needs a webhook receiver the server can reach (--receiver-url)',
      );
  const skip = receiverUrl === undefined ? NEEDS_RECEIVER.map((workflow) => workflow.workflowId) : [];
  const files = workflowFiles();
  const run = await runWorkflows({
    files,
    serverUrl: server as string,
    inputs: { apiKey: apiKey as string, ...(receiverUrl ? { receiverUrl } : {}) },
    skip,
  });
  const results = run.results.filter((result) => !skip.includes(result.workflowId));
  const ran = new Set([...results.map((result) => basename(result.file))]);
  const missing = files
    .map((file) => basename(file))
    .filter(
      (file) =>
        !ran.has(file) &&
        !NEEDS_RECEIVER.some((workflow) => skip.includes(workflow.workflowId) && workflow.file === file),
    );
  if (missing.length > 0) {
    console.error(`redocly respect ran no workflow of ${missing.join(', ')}:\n${run.output}`);
    await sweep('this run');
    process.exit(2);
  }
  mkdirSync(outDir, { recursive: true });
  writeFileSync(join(outDir, 'respect.json'), `${JSON.stringify(run.report, null, 2)}\n`);
  for (const result of results)
    checks.results.push({
      area: 'workflows',
      name: `${result.workflowId} (${basename(result.file)})`,
      passed: result.passed,
      failures: result.failures.map((failure) => describeFailure(result, failure)),
      durationMs: result.durationMs,
    });
}

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
