// W11's commit path without HTTP: `clients` callers each committing single-cell writes in a loop
// through one JournaledWorkbook on the Postgres store, for `seconds`; reports commits/s, the
// statements the store sent and the commits per statement (the group commit's batch size).
// CPU time per commit (this process, worker threads included) is printed beside: it is what a
// loaded machine changes least.
// Usage: node --import tsx bench/tools/w11-commits.ts [clients=50] [seconds=5] [compact-bytes]
// (DATABASE_URL, else postgres://postgres@127.0.0.1:5432/test; a schema of its own, dropped.)
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseCell, writeCellOps } from '../../src/core/index.js';
import { JournaledWorkbook, recoverWorkbook } from '../../src/hosting/index.js';
import {
  migrate,
  PostgresDatabase,
  PostgresWorkbookStore,
  quoteIdentifier,
  readMigrations,
  type Database,
} from '../../src/saas/index.js';

const clients = Number(process.argv[2] ?? 50);
const seconds = Number(process.argv[3] ?? 5);
const compactAfterBytes = process.argv[4] === undefined ? undefined : Number(process.argv[4]);
const url = process.env['DATABASE_URL'] ?? 'postgres://postgres@127.0.0.1:5432/test';
const schema = `gb_w11commits_${randomBytes(4).toString('hex')}`;
const admin = new PostgresDatabase({ url, maxConnections: 1 });
await admin.exec(`CREATE SCHEMA ${quoteIdentifier(schema)}`);
const database = new PostgresDatabase({ url, schema });
let statements = 0;
let statementMs = 0;
const counted: Database = {
  kind: database.kind,
  query: async (text, params) => {
    statements += 1;
    const start = performance.now();
    try {
      return await database.query(text, params);
    } finally {
      statementMs += performance.now() - start;
    }
  },
  exec: (script) => database.exec(script),
  transaction: (work) => database.transaction(work),
  close: () => database.close(),
} as Database;
try {
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
  await migrate(database, await readMigrations(path.join(root, 'src/saas/db/migrations')));
  const store = new PostgresWorkbookStore({
    database: counted,
    ...(compactAfterBytes === undefined ? {} : { compactAfterBytes }),
  });
  const { workbook } = recoverWorkbook('wb', await store.recover('wb'), {});
  const handle = new JournaledWorkbook({
    id: 'wb',
    workbook,
    journal: store,
    seq: 0,
    now: () => new Date(),
  });
  let i = 0;
  let done = 0;
  statements = 0;
  const end = performance.now() + seconds * 1000;
  const start = performance.now();
  const cpuStart = process.cpuUsage();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < end) {
        const n = (i += 1);
        await handle.commit(writeCellOps('Sheet1', parseCell(`B${(n % 1000) + 1}`), String(n)), {});
        done += 1;
      }
    }),
  );
  await store.settled();
  const elapsed = (performance.now() - start) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  const cpuPerCommit = (cpu.user + cpu.system) / Math.max(done, 1);
  console.log(
    `${clients} clients: ${Math.round(done / elapsed)} commits/s, ${statements} statements (${(done / Math.max(statements, 1)).toFixed(1)} commits each, ${(statementMs / Math.max(statements, 1)).toFixed(1)} ms each); CPU ${cpuPerCommit.toFixed(0)} µs a commit`,
  );
  await store.close();
} finally {
  await database.close();
  await admin.exec(`DROP SCHEMA ${quoteIdentifier(schema)} CASCADE`);
  await admin.close();
}
