// CPU per durable W4 write through the whole app in one process (Fastify's inject: routing,
// hooks, validation, the handle, the journal with its fdatasync, the reply), without the
// sockets, so the figure survives a loaded machine better than writes/s do. Waves of 50 writes
// made at once stand for 50 connections; `single` waits for each write before the next.
// Pass another checkout's root to measure it with the same driver (before/after in the same
// minutes): node --import tsx bench/tools/w4-inject-cpu.ts [writes=5000] [rounds=3] [root=this one]
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const writes = Number(process.argv[2] ?? 5000);
const rounds = Number(process.argv[3] ?? 3);
const root = path.resolve(process.argv[4] ?? path.join(import.meta.dirname, '../..'));
const WAVE = 50;
const from = (file: string) => import(path.join(root, file));

const { loadConfig } = await from('src/config.ts');
const { OssHost } = await from('src/hosting/index.ts');
const { buildApp } = await from('src/http/index.ts');
const { ProviderService, FileKeyStore } = await from('src/providers/index.ts');
const { AgentService } = await from('src/agent/index.ts');
const { FileWorkbookStore } = await from('src/persistence/index.ts');

const dataDir = mkdtempSync(path.join(tmpdir(), 'gridbook-w4-inject-'));
const config = loadConfig({
  ...process.env,
  GRIDBOOK_DATA_DIR: dataDir,
  GRIDBOOK_LOG_LEVEL: 'warn',
});
const store = new FileWorkbookStore({
  dir: config.dataDir,
  compactAfterBytes: config.journalCompactBytes,
});
const host = await OssHost.open({
  journal: store,
  workbookOptions: { undoDepth: config.undoDepth, undoMaxBytes: config.undoMaxBytes },
});
const providers = await ProviderService.open({
  keyStore: new FileKeyStore(config.dataDir),
  envKeys: config.providerKeys,
  baseUrls: config.providerBaseUrls,
});
const agent = new AgentService({ completer: providers, newChartId: () => 'chart_1' });
const app = await buildApp({
  config,
  host,
  providers,
  agent,
  webDir: path.join(dataDir, 'web'),
  store,
});
await app.ready();

let i = 0;
async function write(): Promise<void> {
  i += 1;
  const response = await app.inject({
    method: 'POST',
    url: '/grid/cell',
    headers: { 'content-type': 'application/json', host: '127.0.0.1' },
    payload: `{"cell":"B${(i % 1000) + 1}","value":"${i}"}`,
  });
  if (response.statusCode !== 200) throw new Error(`${response.statusCode} ${response.body}`);
}

function cpuUs(): number {
  const usage = process.cpuUsage();
  return usage.user + usage.system;
}

async function perWrite(wave: number): Promise<number> {
  const start = cpuUs();
  for (let n = 0; n < writes; n += wave) await Promise.all(Array.from({ length: wave }, write));
  return (cpuUs() - start) / writes;
}

await perWrite(WAVE);
for (let round = 1; round <= rounds; round += 1) {
  const waves = await perWrite(WAVE);
  const single = await perWrite(1);
  console.log(
    `round ${round}: waves of ${WAVE} ${waves.toFixed(1)} µs CPU a write, one at a time ${single.toFixed(1)} µs`,
  );
}
await app.close();
await store.close();
rmSync(dataDir, { recursive: true, force: true });
