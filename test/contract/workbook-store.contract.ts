// The WorkbookStore contract (DESIGN §3.2): every store (the OSS file store now, the SaaS
// Postgres store later) runs these cases through `describeWorkbookStoreContract`.
import { describe, expect, it } from 'vitest';
import { createChartOps, parseRange, setLocksOps, Workbook, writeRangeOps, type WorkbookDocument } from '../../src/core/index.js';
import type { WorkbookStore } from '../../src/persistence/index.js';

export interface StoreFixture {
  readonly store: WorkbookStore;
  /** Makes what is stored under the id unreadable (a torn or foreign file, a broken row). */
  corrupt(workbookId: string): Promise<void>;
  cleanup(): Promise<void>;
}

/** A workbook with three sheets, cross-sheet formulas, locks, versions above 1 and charts. */
export function sampleDocument(name = 'Contract sample'): WorkbookDocument {
  const workbook = Workbook.create({ name, sheetNames: ['Inputs', 'Model', 'Report'] });
  workbook.apply(writeRangeOps('Inputs', { row: 0, col: 0 }, [['Price', 12.5], ['Units', 40], ['Code', "'007"]]));
  workbook.apply(writeRangeOps('Inputs', { row: 1, col: 1 }, [[41]]));
  workbook.apply(writeRangeOps('Model', { row: 0, col: 0 }, [['Revenue', '=Inputs!B1*Inputs!B2', '=B1/0']]));
  workbook.apply(setLocksOps('Inputs', parseRange('A1:A3'), true));
  workbook.apply(createChartOps('Report', 'chart_a', { data_range: 'Model!A1:B1', title: 'Revenue', chart_type: 'line', width: 640 }).ops);
  workbook.apply([{ type: 'activate-sheet', name: 'Report' }]);
  const document = workbook.document();
  workbook.dispose();
  return document;
}

export function describeWorkbookStoreContract(label: string, setUp: () => Promise<StoreFixture>): void {
  describe(`WorkbookStore contract: ${label}`, () => {
    const withStore = async (run: (fixture: StoreFixture) => Promise<void>): Promise<void> => {
      const fixture = await setUp();
      try {
        await run(fixture);
      } finally {
        await fixture.cleanup();
      }
    };

    it('[PERSIST-1] load answers undefined when nothing was saved under the id', () =>
      withStore(async ({ store }) => {
        expect(await store.load('default')).toBeUndefined();
      }));

    it('[PERSIST-1] load returns exactly what was saved: cells, versions, locks, sheet order, active sheet, charts, name', () =>
      withStore(async ({ store }) => {
        const document = sampleDocument();
        await store.save('default', document);
        expect(await store.load('default')).toEqual(document);
      }));

    it('a later save replaces the earlier one', () =>
      withStore(async ({ store }) => {
        await store.save('default', sampleDocument('First'));
        await store.save('default', sampleDocument('Second'));
        expect((await store.load('default'))?.name).toBe('Second');
      }));

    it('concurrent saves end with the last one called', () =>
      withStore(async ({ store }) => {
        await Promise.all(['A', 'B', 'C', 'D'].map((name) => store.save('default', sampleDocument(name))));
        expect((await store.load('default'))?.name).toBe('D');
      }));

    it('workbook ids do not see each other', () =>
      withStore(async ({ store }) => {
        await store.save('wb-1', sampleDocument('One'));
        await store.save('wb-2', sampleDocument('Two'));
        expect((await store.load('wb-1'))?.name).toBe('One');
        expect((await store.load('wb-2'))?.name).toBe('Two');
        expect(await store.load('wb-3')).toBeUndefined();
      }));

    it('an unreadable stored document fails load with CorruptSaveFileError, not a crash or undefined', () =>
      withStore(async ({ store, corrupt }) => {
        await store.save('default', sampleDocument());
        await corrupt('default');
        await expect(store.load('default')).rejects.toMatchObject({ name: 'CorruptSaveFileError' });
      }));
  });
}
