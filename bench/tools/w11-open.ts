// W11's evicted open in one process: a 100,000-cell workbook (W2's values, one range write) plus
// `writes` single-cell commits in the Postgres store, then the load a SaaS request pays
// (PostgresWorkbookStore.recover + recoverWorkbook), phase by phase. Modes: `log` (no
// compaction: every commit replayed), `compacted` (the store's own compaction), `base` (no
// compaction, a snapshot written from the live workbook at the end).
// Usage: node --import tsx bench/tools/w11-open.ts [log|compacted|base] [writes] [rounds]
// (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped.)
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCell, writeCellOps, writeRangeOps } from '../../src/core/index.js';
import { JournaledWorkbook, recoverWorkbook } from '../../src/hosting/index.js';
import {
  migrate,
  PostgresDatabase,
  PostgresWorkbookStore,
  quoteIdentifier,
  readMigrations,
} from '../../src/saas/index.js';
import { w2Values } from '../workloads/data.js';

const mode = process.argv[2] ?? 'log';
const writes = Number(process.argv[3] ?? 0);
const rounds = Number(process.argv[4] ?? 3);
const url = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `gb_w11open_${randomBytes(4).toString('hex')}`;
const admin = new PostgresDatabase({ url, maxConnections: 1 });
await admin.exec(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
const database = new PostgresDatabase({ url, schema });
try {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await migrate(database, await readMigrations(path.join(root, 'src/saas/db/migrations')));
  const compactAfterBytes = mode === 'compacted' ? undefined : 0;
  const store = new PostgresWorkbookStore({
    database,
    ...(compactAfterBytes === undefined ? {} : { compactAfterBytes }),
    report: (problem, error) => console.error(problem, error),
  });
  const empty = recoverWorkbook('wb', await store.recover('wb'), {});
  const handle = new JournaledWorkbook({
    id: 'wb',
    workbook: empty.workbook,
    journal: store,
    seq: 0,
    now: () => new Date(),
  });
  await handle.commit(writeRangeOps('Sheet1', parseCell('A1'), w2Values()), {});
  const pending = [];
  for (let i = 0; i < writes; i += 1)
    pending.push(
      handle.commit(writeCellOps('Sheet1', parseCell(`B${(i % 1000) + 1}`), String(i)), {}),
    );
  await Promise.all(pending);
  if (mode === 'base') await store.writeSnapshot('wb', handle.seq, handle.workbook.document());
  await store.close();
  for (let round = 1; round <= rounds; round += 1) {
    const reader = new PostgresWorkbookStore({ database, compactAfterBytes: 0 });
    const start = performance.now();
    const cpuStart = process.cpuUsage();
    const recovered = await reader.recover('wb');
    const read = performance.now();
    const cpuRead = process.cpuUsage(cpuStart);
    const { workbook, seq } = recoverWorkbook('wb', recovered, {});
    const built = performance.now();
    const cpuBuilt = process.cpuUsage(cpuStart);
    // CPU time: this process's own, so other load on the machine does not count.
    const cpuMs = (usage: NodeJS.CpuUsage): string =>
      ((usage.user + usage.system) / 1000).toFixed(0);
    console.log(
      `${mode} round ${round}: read ${(read - start).toFixed(0)} ms (${recovered.records.length} records, base ${recovered.base?.seq ?? 'none'}), replay + build ${(built - read).toFixed(0)} ms; CPU ${cpuMs(cpuRead)} + ${(Number(cpuMs(cpuBuilt)) - Number(cpuMs(cpuRead))).toFixed(0)} ms; seq ${seq}, ${workbook.sheet('Sheet1').cellCount} cells`,
    );
    workbook.dispose();
  }
} finally {
  await database.close();
  await admin.exec(`DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
  await admin.close();
}
