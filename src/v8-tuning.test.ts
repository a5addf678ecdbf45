import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);
const TUNING = fileURLToPath(new URL('./v8-tuning.ts', import.meta.url));

/**
 * A fresh Node process that writes batches whose objects all live until the batch ends, as a
 * write's do, with V8 reporting each pretenuring decision; `apply` runs applyServerV8Flags first.
 * Answers how many allocation sites V8 decided to allocate straight into old space.
 */
async function tenuredSites(apply: boolean): Promise<number> {
  const program = `
    const { applyServerV8Flags } = await import(${JSON.stringify(TUNING)});
    if (${apply}) applyServerV8Flags();
    function batch(count) {
      const kept = [];
      for (let index = 0; index < count; index += 1) kept.push({ row: index, col: index & 7 });
      return kept.length;
    }
    let written = 0;
    for (let round = 0; round < 20; round += 1) written += batch(200_000);
    if (written !== 4_000_000) throw new Error('the batches did not run');
  `;
  const { stdout } = await run(
    process.execPath,
    ['--import', 'tsx', '--trace-pretenuring-statistics', '--input-type=module', '-e', program],
    { maxBuffer: 16 << 20, timeout: 60_000 },
  );
  return stdout.split('\n').filter((line) => line.endsWith('=> tenure')).length;
}

describe('applyServerV8Flags', () => {
  it('stops V8 pretenuring the objects of batches that die once the batch is done', async () => {
    // Without the setting V8 does pretenure them: the check below could fail.
    expect(await tenuredSites(false)).toBeGreaterThan(0);
    expect(await tenuredSites(true)).toBe(0);
  }, 120_000);
});
