// `npm run bench -- --profile`: the server runs under `node --cpu-prof`; this summarises the
// profile it writes on exit: where the time went, by package (or our own src/) and by function.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  samples: number[];
  timeDeltas: number[];
}

/** Where a frame belongs: an npm package, a file of ours, node itself, or the engine. */
function ownerOf(url: string): string {
  if (url === '') return '(engine: GC, idle, native)';
  const packageMatch = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (packageMatch?.[1]) return packageMatch[1];
  if (url.startsWith('node:')) return 'node (core)';
  const ours = /\/(src\/.+)$/.exec(url);
  return ours?.[1] ?? url;
}

export function summariseProfile(directory: string, top = 15): string {
  const file = readdirSync(directory).find((name) => name.endsWith('.cpuprofile'));
  if (!file) return `(no profile in ${directory})\n`;
  const profile = JSON.parse(readFileSync(join(directory, file), 'utf8')) as CpuProfile;
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfTime = new Map<number, number>();
  profile.samples.forEach((id, index) => {
    selfTime.set(id, (selfTime.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  let total = 0;
  let idle = 0;
  const byOwner = new Map<string, number>();
  const byFunction = new Map<string, number>();
  for (const [id, micros] of selfTime) {
    const frame = byId.get(id)?.callFrame;
    if (!frame) continue;
    total += micros;
    if (frame.functionName === '(idle)') {
      idle += micros;
      continue;
    }
    const owner = ownerOf(frame.url);
    byOwner.set(owner, (byOwner.get(owner) ?? 0) + micros);
    const name = `${frame.functionName || '(anonymous)'} ${owner}:${frame.lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
  }
  const busy = total - idle;
  const table = (title: string, entries: Map<string, number>) =>
    `| ${title} | share of busy time |\n|---|---|\n${[...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, micros]) => `| ${name.replaceAll('|', '\\|')} | ${((micros / busy) * 100).toFixed(1)}% |`)
      .join('\n')}\n`;
  return `CPU profile ${file}: ${(total / 1e6).toFixed(1)} s sampled, ${((idle / total) * 100).toFixed(0)}% idle.\n\n${table('by package (self time)', byOwner)}\n${table('by function (self time)', byFunction)}`;
}
