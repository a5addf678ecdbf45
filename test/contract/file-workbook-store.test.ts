import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { FileWorkbookStore } from '../../src/persistence/index.js';
import { describeWorkbookStoreContract } from './workbook-store.contract.js';

describeWorkbookStoreContract('FileWorkbookStore', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'gridbook-store-'));
  const store = new FileWorkbookStore({ dir, now: () => new Date(Date.UTC(2026, 0, 1)) });
  return {
    store,
    corrupt: async (workbookId) => writeFile(store.fileFor(workbookId), '{"format": "gridbook", "version": 1, "sheets": [tor'),
    cleanup: () => rm(dir, { recursive: true, force: true }),
  };
});
