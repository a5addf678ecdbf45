// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and by package/file,
// so a missed target can be traced to where the time actually goes.
// Usage: node --import tsx bench/tools/profile-summary.ts <file.cpuprofile> [top=30]
// PROFILE_LAST_MS=<ms> keeps only the samples of the profile's last <ms> (a server's last call).
import { readFileSync } from 'node:fs';

interface ProfileNode {
  readonly id: number;
  readonly callFrame: {
    readonly functionName: string;
    readonly url: string;
    readonly lineNumber: number;
  };
  readonly children?: readonly number[];
}

interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/** node_modules/<package> or the repository-relative file, so totals group by owner. */
function ownerOf(url: string): string {
  if (url === '') return '(native / V8)';
  const modules = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (modules !== null) return modules[1]!;
  if (url.startsWith('node:')) return 'node:*';
  const repo = /\/(src|bench|test)\/(.*)$/.exec(url);
  return repo === null ? url : `${repo[1]}/${repo[2]}`;
}

/** Which samples count: all, or those at most `lastMs` before the profile ends. */
function sampleWindow(profile: CpuProfile, lastMs: number | undefined): (index: number) => boolean {
  if (lastMs === undefined) return () => true;
  const at: number[] = [];
  let clock = 0;
  for (const delta of profile.timeDeltas) at.push((clock += delta));
  const from = clock - lastMs * 1000;
  return (index) => at[index]! >= from;
}

function summarize(profile: CpuProfile, top: number, lastMs?: number): string {
  const byId = new Map(profile.nodes.map((node) => [node.id, node]));
  const selfMicros = new Map<number, number>();
  const counted = sampleWindow(profile, lastMs);
  profile.samples.forEach((id, index) => {
    if (counted(index))
      selfMicros.set(id, (selfMicros.get(id) ?? 0) + (profile.timeDeltas[index] ?? 0));
  });
  const total = [...selfMicros.values()].reduce((sum, value) => sum + value, 0);
  const byFunction = new Map<string, number>();
  const byOwner = new Map<string, number>();
  for (const [id, micros] of selfMicros) {
    const frame = byId.get(id)!.callFrame;
    const where =
      frame.url === ''
        ? ''
        : ` ${frame.url.replace(/^.*\/(node_modules|src|bench)\//, '$1/')}:${frame.lineNumber + 1}`;
    const name = `${frame.functionName || '(anonymous)'}${where}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + micros);
    byOwner.set(ownerOf(frame.url), (byOwner.get(ownerOf(frame.url)) ?? 0) + micros);
  }
  const lines = (entries: Map<string, number>, limit: number): string[] =>
    [...entries]
      .sort((a, b) => b[1] - a[1])
      .slice(0, limit)
      .map(
        ([name, micros]) =>
          `${(micros / 1000).toFixed(1).padStart(9)} ms ${((micros / total) * 100).toFixed(1).padStart(5)}%  ${name}`,
      );
  return [
    `total sampled: ${(total / 1000).toFixed(0)} ms`,
    '',
    'self time by package / file:',
    ...lines(byOwner, 15),
    '',
    `self time by function (top ${top}):`,
    ...lines(byFunction, top),
  ].join('\n');
}

const [file, topText] = process.argv.slice(2);
if (file === undefined) {
  process.stderr.write('usage: profile-summary.ts <file.cpuprofile> [top]\n');
  process.exit(2);
}
process.stdout.write(
  `${summarize(
    JSON.parse(readFileSync(file, 'utf8')) as CpuProfile,
    Number(topText ?? 30),
    process.env.PROFILE_LAST_MS === undefined ? undefined : Number(process.env.PROFILE_LAST_MS),
  )}\n`,
);
