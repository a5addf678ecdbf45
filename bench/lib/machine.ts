// Where the figures were measured: they mean little without the machine, the load on it at
// the time, the Node version and the commit.
import { execFileSync } from 'node:child_process';
import os from 'node:os';
import { REPO_ROOT } from './server.js';

function git(args: readonly string[]): string {
  try {
    return execFileSync('git', args, { cwd: REPO_ROOT, encoding: 'utf8' }).trim();
  } catch {
    return 'unknown';
  }
}

export function machineInfo() {
  const cpus = os.cpus();
  const dirty = git(['status', '--porcelain', '--untracked-files=no']) !== '';
  return {
    cpuModel: cpus[0]?.model ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round((os.totalmem() / 2 ** 30) * 10) / 10,
    platform: `${os.platform()} ${os.release()} ${os.arch()}`,
    node: process.version,
    commit: `${git(['rev-parse', '--short', 'HEAD'])}${dirty ? ' (with uncommitted changes)' : ''}`,
    date: new Date().toISOString(),
    /** 1, 5 and 15-minute load averages when the run started: other work on the machine. */
    loadAverage: os.loadavg().map((load) => Math.round(load * 100) / 100),
  };
}
