import { deflateRawSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TooLargeError } from '../core/index.js';
import { checkInflatedSize } from './zip-bounds.js';

/** A minimal zip archive: local headers, data, central directory, end record. */
function zipOf(
  files: readonly { name: string; content: Buffer; store?: boolean; declaredSize?: number }[],
): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const file of files) {
    const name = Buffer.from(file.name);
    const data = file.store === true ? file.content : deflateRawSync(file.content);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(file.store === true ? 0 : 8, 8);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(file.declaredSize ?? file.content.length, 22);
    local.writeUInt16LE(name.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(file.store === true ? 0 : 8, 10);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(file.declaredSize ?? file.content.length, 24);
    entry.writeUInt16LE(name.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, name, data);
    directory.push(entry, name);
    offset += local.length + name.length + data.length;
  }
  const directoryBytes = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(files.length, 8);
  end.writeUInt16LE(files.length, 10);
  end.writeUInt32LE(directoryBytes.length, 12);
  end.writeUInt32LE(offset, 16);
  return Buffer.concat([...locals, directoryBytes, end]);
}

describe('the inflated size of an xlsx archive', () => {
  it('lets an archive through that inflates within the bound', () => {
    const archive = zipOf([
      { name: 'a.xml', content: Buffer.alloc(600_000, 32) },
      { name: 'b.xml', content: Buffer.from('<x/>'), store: true },
    ]);
    expect(() => checkInflatedSize(archive, 'file', 1_000_000)).not.toThrow();
  });

  it('refuses a bomb with 413 naming the field, whatever size the archive declares', () => {
    const bomb = zipOf([
      { name: 'sheet1.xml', content: Buffer.alloc(3_000_000, 32), declaredSize: 10 },
    ]);
    expect(bomb.length).toBeLessThan(10_000);
    expect(() => checkInflatedSize(bomb, 'file', 1_000_000)).toThrow(TooLargeError);
    expect(() => checkInflatedSize(bomb, 'file', 1_000_000)).toThrow(
      /file: inflates to more than 1000000 bytes/,
    );
  });

  it('counts every part together', () => {
    const parts = zipOf(
      [0, 1, 2].map((index) => ({ name: `p${index}.xml`, content: Buffer.alloc(400_000, 32) })),
    );
    expect(() => checkInflatedSize(parts, 'file', 1_000_000)).toThrow(TooLargeError);
  });

  it('leaves what is not a zip to the xlsx reader', () => {
    expect(() => checkInflatedSize(Buffer.from('not a zip at all'), 'file', 10)).not.toThrow();
  });
});
