// `npm run bench:mock`: throughput of `npm run mock` (the backend's request checks in front of
// Prism) against Prism alone with its default logging (`--verboseLevel info`), measured with
// autocannon on the same request. Fails unless the mock is at least 1.5× as fast (issue 14).
//   BENCH_SECONDS      per run, default 5
//   BENCH_ROUNDS       runs of each, alternating, default 3 (medians are compared)
//   BENCH_CONNECTIONS  default 10
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { projectRoot } from '../src/core/bundle-file';
import { startPrism } from './prism';
import { freePort } from './support/ports';

const seconds = Number(process.env.BENCH_SECONDS || 5);
const rounds = Number(process.env.BENCH_ROUNDS || 3);
const connections = Number(process.env.BENCH_CONNECTIONS || 10);
const REQUIRED_RATIO = 1.5;
const apiKey = `sk-${'0'.repeat(61)}`;
/** A list: the operation front-end developers call most. */
const PATH = '/v1/users';

async function requestsPerSecond(baseUrl: string): Promise<number> {
  const check = await fetch(`${baseUrl}${PATH}`, { headers: { authorization: `Bearer ${apiKey}` } });
  if (check.status !== 200) throw new Error(`${baseUrl}${PATH} answered ${check.status}`);
  await check.arrayBuffer();
  const result = await autocannon({
    url: `${baseUrl}${PATH}`,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${apiKey}` },
  });
  if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx, ${result.errors} errors`);
  return result.requests.average;
}

async function waitForMock(baseUrl: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`npm run mock exited (${child.exitCode})`);
    try {
      await (await fetch(`${baseUrl}/v1/users`, { signal: AbortSignal.timeout(1_000) })).arrayBuffer();
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  throw new Error('the mock did not start within 60 s');
}

const median = (values: number[]): number => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)] ?? 0;

// Both run at once and are measured in turns, so a change in the machine's load (it is shared)
// falls on both alike; the medians of the rounds are compared.
const prism = await startPrism({ mode: 'mock', logLevel: 'info' });
const port = await freePort('127.0.0.1');
const mock = spawn(process.execPath, [join(projectRoot, 'node_modules', 'tsx', 'dist', 'cli.mjs'), 'scripts/mock.ts'], {
  cwd: projectRoot,
  env: { ...process.env, MOCK_PORT: String(port), MOCK_HOST: '127.0.0.1' },
  stdio: ['ignore', 'ignore', 'inherit'],
});
const prismRates: number[] = [];
const mockRates: number[] = [];
try {
  const mockBase = `http://127.0.0.1:${port}/api`;
  await waitForMock(mockBase, mock);
  for (let round = 0; round < rounds; round++) {
    prismRates.push(await requestsPerSecond(prism.baseUrl));
    mockRates.push(await requestsPerSecond(mockBase));
  }
} finally {
  mock.kill('SIGTERM');
  await new Promise((resolve) => mock.once('exit', resolve));
  await prism.stop();
}
const prismRate = median(prismRates);
const mockRate = median(mockRates);

const ratio = mockRate / prismRate;
const show = (rates: number[]): string => rates.map((rate) => rate.toFixed(0)).join(', ');
console.log(
  `GET ${PATH}, ${connections} connections, ${rounds} alternating runs of ${seconds} s (autocannon, requests/s)`,
);
console.log(`  Prism alone, default logging (info): median ${prismRate.toFixed(0)} (${show(prismRates)})`);
console.log(`  npm run mock (backend checks + Prism's mocker): median ${mockRate.toFixed(0)} (${show(mockRates)})`);
console.log(`  ratio ${ratio.toFixed(2)} (required at least ${REQUIRED_RATIO})`);
process.exit(ratio >= REQUIRED_RATIO ? 0 : 1);
