// The WorkbookStore contract (docs/design.md §3.2): every store (the OSS file store now, the SaaS
// Postgres store later) runs these cases through `describeWorkbookStoreContract`: the named
// checkpoint (save/load) and the journal (recover/append/writeSnapshot).
import { describe, expect, it } from 'vitest';
import {
  createChartOps,
  parseCell,
  parseRange,
  recordedOps,
  setLocksOps,
  Workbook,
  writeCellOps,
  writeRangeOps,
  type CommitRecord,
  type WorkbookDocument,
} from '../../src/core/index.js';
import { gridbookText, type WorkbookStore } from '../../src/persistence/index.js';

export interface StoreFixture {
  readonly store: WorkbookStore;
  /** Makes what is stored under the id unreadable (a torn or foreign file, a broken row). */
  corrupt(workbookId: string): Promise<void>;
  /** A new store over the same storage, as after a restart (the old one is closed). */
  reopen(): Promise<WorkbookStore>;
  cleanup(): Promise<void>;
}

/** A single-cell write as the commit path records it. */
export function cellRecord(seq: number, value: number, cell = `A${seq}`): CommitRecord {
  return {
    seq,
    kind: 'change',
    at: '2026-01-02T03:04:05.000Z',
    actor: 'User',
    client: 'tab-1',
    ops: recordedOps(writeCellOps('Sheet1', parseCell(cell), value)),
  };
}

/** A workbook with three sheets, cross-sheet formulas, locks, versions above 1 and charts. */
export function sampleDocument(name = 'Contract sample'): WorkbookDocument {
  const workbook = Workbook.create({ name, sheetNames: ['Inputs', 'Model', 'Report'] });
  workbook.apply(
    writeRangeOps('Inputs', { row: 0, col: 0 }, [
      ['Price', 12.5],
      ['Units', 40],
      ['Code', "'007"],
    ]),
  );
  workbook.apply(writeRangeOps('Inputs', { row: 1, col: 1 }, [[41]]));
  workbook.apply(
    writeRangeOps('Model', { row: 0, col: 0 }, [['Revenue', '=Inputs!B1*Inputs!B2', '=B1/0']]),
  );
  workbook.apply(setLocksOps('Inputs', parseRange('A1:A3'), true));
  workbook.apply(
    createChartOps('Report', 'chart_a', {
      data_range: 'Model!A1:B1',
      title: 'Revenue',
      chart_type: 'line',
      width: 640,
    }).ops,
  );
  workbook.apply([{ type: 'activate-sheet', name: 'Report' }]);
  const document = workbook.document();
  workbook.dispose();
  return document;
}

export function describeWorkbookStoreContract(
  label: string,
  setUp: () => Promise<StoreFixture>,
): void {
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

    it('a document saved as its encoded text (written in a worker) loads back exactly', () =>
      withStore(async ({ store }) => {
        const document = sampleDocument();
        const at = new Date(Date.UTC(2026, 10, 30));
        const encoded = Buffer.from(gridbookText(document, { exportedAt: at, dense: true }));
        await store.save('default', { encoded });
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
        await Promise.all(
          ['A', 'B', 'C', 'D'].map((name) => store.save('default', sampleDocument(name))),
        );
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

    it('[ISSUE-12] recover of a workbook never journaled: no base, no records', () =>
      withStore(async ({ store }) => {
        expect(await store.recover('default')).toMatchObject({ base: undefined, records: [] });
      }));

    it('[ISSUE-12] appended records come back after a restart, in order, exactly as appended', () =>
      withStore(async ({ store, reopen }) => {
        await store.recover('default');
        const records = [
          cellRecord(1, 10),
          cellRecord(2, 20),
          { ...cellRecord(3, 0), kind: 'undo' as const, actor: undefined, client: undefined },
        ];
        for (const record of records) await store.append('default', record);
        const recovered = await (await reopen()).recover('default');
        expect(recovered.records).toEqual(
          records.map((record) => JSON.parse(JSON.stringify(record))),
        );
        expect(recovered.base).toBeUndefined();
      }));

    it('[ISSUE-12] 200 appends made at once are all durable when their promises settle, gap-free', () =>
      withStore(async ({ store, reopen }) => {
        await store.recover('default');
        await Promise.all(
          Array.from({ length: 200 }, (_, index) =>
            store.append('default', cellRecord(index + 1, index)),
          ),
        );
        const recovered = await (await reopen()).recover('default');
        expect(recovered.records.map((record) => record.seq)).toEqual(
          Array.from({ length: 200 }, (_, index) => index + 1),
        );
      }));

    it('[ISSUE-12] a snapshot is the new base: recover gives it and only the records after it', () =>
      withStore(async ({ store, reopen }) => {
        await store.recover('default');
        await store.append('default', cellRecord(1, 1));
        const document = sampleDocument('Imported');
        await store.writeSnapshot('default', 2, document);
        await store.append('default', cellRecord(3, 3));
        const recovered = await (await reopen()).recover('default');
        expect(recovered.base).toEqual({ seq: 2, document });
        expect(recovered.records.map((record) => record.seq)).toEqual([3]);
      }));

    it('[ISSUE-12] appending goes on after a restart from the last record', () =>
      withStore(async ({ store, reopen }) => {
        await store.recover('default');
        await store.append('default', cellRecord(1, 1));
        const second = await reopen();
        await second.recover('default');
        await second.append('default', cellRecord(2, 2));
        expect(
          (await (await reopen()).recover('default')).records.map((record) => record.seq),
        ).toEqual([1, 2]);
      }));

    it('[ISSUE-12] the journal never touches the named checkpoint, and workbooks keep separate journals', () =>
      withStore(async ({ store, reopen }) => {
        await store.recover('wb-1');
        await store.recover('wb-2');
        await store.append('wb-1', cellRecord(1, 1));
        await store.writeSnapshot('wb-2', 1, sampleDocument('Two'));
        expect(await store.load('wb-1')).toBeUndefined();
        const reopened = await reopen();
        expect((await reopened.recover('wb-1')).records).toHaveLength(1);
        expect((await reopened.recover('wb-2')).base?.document.name).toBe('Two');
        expect((await reopened.recover('wb-3')).records).toEqual([]);
      }));
  });
}
