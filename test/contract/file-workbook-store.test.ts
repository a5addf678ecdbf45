import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { describeWorkbookStoreContract } from './workbook-store.contract.js';

describeWorkbookStoreContract('FileWorkbookStore', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-store-'));
  const stores = [new FileWorkbookStore({ dir, now: () => new Date(Date.UTC(2026, 0, 1)) })];
  const store = stores[0]!;
  return {
    store,
    reopen: async () => {
      await stores.at(-1)!.close();
      stores.push(new FileWorkbookStore({ dir, now: () => new Date(Date.UTC(2026, 0, 1)) }));
      return stores.at(-1)!;
    },
    corrupt: async (workbookId) =>
      writeFile(store.fileFor(workbookId), '{"format": "gridbook", "version": 1, "sheets": [tor'),
    cleanup: async () => {
      await stores.at(-1)!.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});
