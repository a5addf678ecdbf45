import { describe, expect, it } from 'vitest';
import { TooLargeError } from '../core/index.js';
import { zipOf } from '../../test/support/zip-archive.js';
import { checkInflatedSize } from './zip-bounds.js';

describe('the inflated size of an xlsx archive', () => {
  it('lets an archive through that inflates within the bound', async () => {
    const archive = zipOf([
      { name: 'a.xml', content: Buffer.alloc(600_000, 32) },
      { name: 'b.xml', content: Buffer.from('<x/>'), store: true },
    ]);
    await expect(checkInflatedSize(archive, 'file', 1_000_000)).resolves.toBeUndefined();
  });

  it('refuses a bomb with 413 naming the field, whatever size the archive declares', async () => {
    const bomb = zipOf([
      { name: 'sheet1.xml', content: Buffer.alloc(3_000_000, 32), declaredSize: 10 },
    ]);
    expect(bomb.length).toBeLessThan(10_000);
    await expect(checkInflatedSize(bomb, 'file', 1_000_000)).rejects.toThrow(TooLargeError);
    await expect(checkInflatedSize(bomb, 'file', 1_000_000)).rejects.toThrow(
      /file: inflates to more than 1000000 bytes/,
    );
  });

  it('counts every part together', async () => {
    const parts = zipOf(
      [0, 1, 2].map((index) => ({ name: `p${index}.xml`, content: Buffer.alloc(400_000, 32) })),
    );
    await expect(checkInflatedSize(parts, 'file', 1_000_000)).rejects.toThrow(TooLargeError);
  });

  it('leaves what is not a zip to the xlsx reader', async () => {
    await expect(
      checkInflatedSize(Buffer.from('not a zip at all'), 'file', 10),
    ).resolves.toBeUndefined();
  });

  it('lets the event loop turn while it inflates, so other requests are answered meanwhile', async () => {
    const bomb = zipOf([{ name: 'sheet1.xml', content: Buffer.alloc(40_000_000, 32) }]);
    let timerRan = false;
    setTimeout(() => (timerRan = true), 0);
    await expect(checkInflatedSize(bomb, 'file', 30_000_000)).rejects.toThrow(TooLargeError);
    expect(timerRan).toBe(true);
  });

  it('counts cell elements (<c …>, <c>, <c/>) across parts and chunk boundaries, not <col> or <cols>', async () => {
    // 40,000 cells of 25 bytes: zlib hands them over in 16 KB chunks, so matches straddle chunks.
    const cells = '<c r="A1"><v>1</v></c>'.padEnd(25, ' ').repeat(40_000);
    const archive = zipOf([
      {
        name: 'xl/worksheets/sheet1.xml',
        content: Buffer.from(`<cols><col min="1"/></cols>${cells}`),
      },
      { name: 'xl/worksheets/sheet2.xml', content: Buffer.from('<c/><c>'), store: true },
    ]);
    const limit = 2 ** 30;
    await expect(checkInflatedSize(archive, 'file', limit, 40_002)).resolves.toBeUndefined();
    await expect(checkInflatedSize(archive, 'file', limit, 40_001)).rejects.toThrow(
      'file: holds more than 40001 cells; one import brings at most 40001 (GRIDBOOK_MAX_IMPORT_CELLS). Split the data over several files.',
    );
  });

  it('does not join the end of one part to the start of the next into a cell', async () => {
    const archive = zipOf([
      { name: 'a.xml', content: Buffer.from('<x><') },
      { name: 'b.xml', content: Buffer.from('c />') },
    ]);
    await expect(checkInflatedSize(archive, 'file', 2 ** 30, 0)).resolves.toBeUndefined();
  });
});
