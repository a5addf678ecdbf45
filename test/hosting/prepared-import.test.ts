// An import is prepared across turns of the event loop before its commit (issue 16): meanwhile
// reads answer from the workbook as it was, writes are committed in the order they arrive (so
// before the import, with the earlier seqs), and an import that fails changes nothing.
import { describe, expect, it } from 'vitest';
import { parseCell, writeCellOps, type WorkbookDocument } from '../../src/core/index.js';
import { importWorkbookJson } from '../../src/editing/index.js';
import { OssHost, type Commit, type JournaledWorkbook } from '../../src/hosting/index.js';
import { MemoryJournal } from '../support/memory-journal.js';

const meta = { actor: 'User', origin: 'tab-1' };

async function open(journal = new MemoryJournal()): Promise<JournaledWorkbook> {
  const host = await OssHost.open({ journal, now: () => new Date('2026-11-29T00:00:00Z') });
  return host.handleFor();
}

/** A Gridbook document of `rows` numbers in column A of sheet "Big", as text. */
function bigImport(rows: number): string {
  const cells: string[] = [];
  for (let row = 1; row <= rows; row += 1) cells.push(`"A${row}":{"value":${row}}`);
  return `{"workbook_name":"big","sheets":[{"name":"Big","cells":{${cells.join(',')}}}]}`;
}

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

describe('an import prepared across turns', () => {
  it('leaves reads on the old workbook and commits a write made meanwhile before it, with the earlier seq', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 'before'), meta);
    const seen: Commit[] = [];
    handle.subscribe(handle.seq, (commit) => seen.push(commit));
    let imported = false;
    const importing = importWorkbookJson(handle, bigImport(60_000), meta).then(() => {
      imported = true;
    });
    let turns = 0;
    let write: Promise<Commit> | undefined;
    while (!imported) {
      await nextTurn();
      turns += 1;
      if (imported) break;
      // Reads in the middle of the import: the workbook as it was.
      expect(handle.workbook.sheetNames).toEqual(['Sheet1']);
      if (turns === 3)
        write = handle.commit(writeCellOps('Sheet1', parseCell('A2'), 'meanwhile'), meta);
    }
    await importing;
    expect(turns).toBeGreaterThan(3);
    const written = await write!;
    expect(handle.workbook.sheetNames).toEqual(['Big']);
    expect(handle.workbook.sheet('Big').value(59_999, 0)).toBe(60_000);
    expect(seen.map((commit) => commit.seq)).toEqual([2, 3]);
    expect(written.seq).toBe(2);
    expect(seen[1]!.changes.workbookReplaced).toBe(true);
    // The write was not lost: undoing the import brings it back.
    await handle.undo(meta);
    expect(handle.workbook.sheet('Sheet1').value(1, 0)).toBe('meanwhile');
  });

  it('that fails changes nothing: no commit, the workbook and its seq as they were', async () => {
    const handle = await open();
    await handle.commit(writeCellOps('Sheet1', parseCell('A1'), 1), meta);
    const before = handle.workbook.document();
    const twice: WorkbookDocument = {
      name: 'x',
      activeSheet: 'S',
      sheets: [
        { name: 'S', cells: [{ row: 0, col: 0, input: 1, version: 0, locked: false }] },
        { name: 's', cells: [] },
      ],
    };
    await expect(handle.prepare([{ type: 'replace-workbook', document: twice }])).rejects.toThrow(
      /appears twice/,
    );
    expect(handle.seq).toBe(1);
    expect(handle.workbook.document()).toEqual(before);
  });

  it('is journaled as the document it installed: a restart brings the imported workbook back', async () => {
    const journal = new MemoryJournal();
    const handle = await open(journal);
    await importWorkbookJson(handle, bigImport(5_000), meta);
    const restarted = await open(journal);
    expect(restarted.workbook.document()).toEqual(handle.workbook.document());
    expect(restarted.workbook.sheet('Big').value(4_999, 0)).toBe(5_000);
  });
});
