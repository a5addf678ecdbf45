// Crash-safety acceptance of issue 4: `npx tsx test/crash/kill-during-save.ts` starts the real
// server 50 times on one data directory with a 100,000-cell workbook, saves in a loop, kill -9s
// it at a random moment and checks that system_state.gridbook is always a complete, readable
// workbook. Odd runs kill at a random moment of the save loop, even runs a random 0..aim-ms after a
// save opened its temp file. Options: --runs --cells --seed --min-ms --max-ms --aim-ms. Exit 1 on any failure.
import { parseArgs } from 'node:util';
import { runKillDuringSave } from './crash-harness.js';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '50' },
    cells: { type: 'string', default: '100000' },
    seed: { type: 'string', default: String(Date.now() % 1_000_000) },
    'min-ms': { type: 'string', default: '20' },
    'max-ms': { type: 'string', default: '4000' },
    'aim-ms': { type: 'string', default: '25' },
  },
});

const options = {
  runs: Number(values.runs),
  cells: Number(values.cells),
  seed: Number(values.seed),
  minKillMs: Number(values['min-ms']),
  maxKillMs: Number(values['max-ms']),
  aimMs: Number(values['aim-ms']),
};
console.log(
  `kill -9 during save: ${options.runs} runs, ${options.cells} cells, kill after ${options.minKillMs}..${options.maxKillMs} ms, seed ${options.seed}`,
);
const started = process.hrtime.bigint();
const results = await runKillDuringSave({ ...options, log: (line) => console.log(line) });
const seconds = Number(process.hrtime.bigint() - started) / 1e9;
const unreadable = results.filter((result) => !result.readable);
const midWrite = results.filter((result) => result.killedMidWrite).length;
const saves = results.reduce((sum, result) => sum + result.savesCompleted, 0);
console.log(
  `\n${results.length - unreadable.length}/${results.length} runs left a readable system_state.gridbook; ` +
    `${midWrite} kills landed in the middle of a write; ${saves} saves completed in the loops; ${seconds.toFixed(1)} s.`,
);
process.exit(unreadable.length === 0 && results.length === options.runs ? 0 : 1);
