import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../test/support/workbook-bed.js';
import { writeRangeOps, type WorkbookDocument } from '../core/index.js';
import { nodeFileSystem, type FileSystem } from '../files/index.js';
import { CorruptSaveFileError } from './errors.js';
import { FileWorkbookStore } from './file-workbook-store.js';
import { XlsxWorkerPool } from './xlsx-worker-pool.js';

const { open } = useWorkbooks();

function documentNamed(name: string, value: number): WorkbookDocument {
  const workbook = open({ name });
  workbook.apply(writeRangeOps('Sheet1', { row: 0, col: 0 }, [[value, '=A1*2']]));
  return workbook.document();
}

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'gridbook-file-store-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** The node file system with one operation made to fail, as a full disk or a crash would. */
function failing(operation: 'write' | 'rename'): FileSystem {
  return {
    ...nodeFileSystem,
    open: async (file, flags, mode) => {
      const handle = await nodeFileSystem.open(file, flags, mode);
      if (operation !== 'write' || flags !== 'w') return handle;
      return Object.assign(Object.create(handle) as typeof handle, {
        writeFile: async (data: string) => {
          await handle.writeFile(String(data).slice(0, 10));
          throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
        },
        close: () => handle.close(),
      });
    },
    rename: async (from, to) => {
      if (operation === 'rename') throw Object.assign(new Error('EIO: i/o error'), { code: 'EIO' });
      return nodeFileSystem.rename(from, to);
    },
  };
}

describe('FileWorkbookStore', () => {
  it('[PERSIST-1] saves the default workbook to <data dir>/system_state.gridbook as Gridbook JSON', async () => {
    const store = new FileWorkbookStore({
      dir,
      now: () => new Date(Date.UTC(2026, 0, 2, 3, 4, 5)),
    });
    await store.save('default', documentNamed('Saved', 7));
    const json = JSON.parse(await readFile(path.join(dir, 'system_state.gridbook'), 'utf8'));
    // Version 2: the dense layout (blocks); two cells are too few for a block and stay cell objects.
    expect([json.format, json.version, json.workbook_name, json.exported_at]).toEqual([
      'gridbook',
      2,
      'Saved',
      '2026-01-02T03:04:05.000Z',
    ]);
    expect(json.sheets[0].cells.B1).toMatchObject({ formula: '=A1*2', version: 1 });
  });

  it('writes the save file readable by its owner only (0600), in a 0700 directory it creates', async () => {
    const nested = path.join(dir, 'data');
    const store = new FileWorkbookStore({ dir: nested, now: () => new Date(0) });
    await store.save('default', documentNamed('Private', 1));
    expect((await stat(path.join(nested, 'system_state.gridbook'))).mode & 0o777).toBe(0o600);
    expect((await stat(nested)).mode & 0o777).toBe(0o700);
  });

  it('maps other workbook ids to safe file names', () => {
    const store = new FileWorkbookStore({ dir });
    expect(path.basename(store.fileFor('../etc/passwd'))).toBe('___etc_passwd.gridbook');
  });

  it.each(['write', 'rename'] as const)(
    'a failed %s leaves the previous file intact and no temp file behind',
    async (operation) => {
      await new FileWorkbookStore({ dir }).save('default', documentNamed('Old', 1));
      const broken = new FileWorkbookStore({ dir, files: failing(operation) });
      await expect(broken.save('default', documentNamed('New', 2))).rejects.toThrow(
        operation === 'write' ? /ENOSPC/ : /EIO/,
      );
      expect((await new FileWorkbookStore({ dir }).load('default'))?.name).toBe('Old');
      expect(await readdir(dir)).toEqual(['system_state.gridbook']);
    },
  );

  it('removes temp files a killed process left behind on the next save', async () => {
    await writeFile(path.join(dir, '.system_state.gridbook.999-3.tmp'), '{"torn');
    await writeFile(path.join(dir, 'unrelated.tmp'), 'keep me');
    await new FileWorkbookStore({ dir }).save('default', documentNamed('Fresh', 1));
    expect((await readdir(dir)).sort()).toEqual(['system_state.gridbook', 'unrelated.tmp']);
  });

  it('a corrupt save file fails load with CorruptSaveFileError naming the file', async () => {
    await writeFile(path.join(dir, 'system_state.gridbook'), '[1, 2');
    await expect(new FileWorkbookStore({ dir }).load('default')).rejects.toThrow(
      CorruptSaveFileError,
    );
    await expect(new FileWorkbookStore({ dir }).load('default')).rejects.toThrow(
      /system_state\.gridbook could not be read/,
    );
    await writeFile(
      path.join(dir, 'system_state.gridbook'),
      '{"format": "gridbook", "version": 1, "workbook_name": "x", "sheets": [{"name": "S", "cells": {"A0": {}}}]}',
    );
    await expect(new FileWorkbookStore({ dir }).load('default')).rejects.toThrow(/A0/);
  });

  it('reads the checkpoint with the decoder it is given (the server: its worker thread), corrupt files still refused', async () => {
    const worker = new XlsxWorkerPool({ idleMs: 50 });
    const fields: string[] = [];
    const store = new FileWorkbookStore({
      dir,
      decode: (data, field) => {
        fields.push(field);
        return worker.decodeJson(data, field);
      },
    });
    await store.save('default', documentNamed('Through the worker', 5));
    const loaded = await store.load('default');
    expect(loaded?.name).toBe('Through the worker');
    expect(loaded?.sheets[0]!.cells.map((cell) => cell.input)).toEqual([5, { formula: '=A1*2' }]);
    await writeFile(path.join(dir, 'system_state.gridbook'), '[1, 2');
    await expect(store.load('default')).rejects.toThrow(CorruptSaveFileError);
    expect(fields).toEqual(['system_state.gridbook', 'system_state.gridbook']);
  });

  it('loads a GridOS save file copied in place (GridOS name kept; default name when absent)', async () => {
    await writeFile(
      path.join(dir, 'system_state.gridbook'),
      JSON.stringify({ sheet_order: ['S'], sheets: { S: { A1: { value: 3 } } } }),
    );
    const loaded = await new FileWorkbookStore({ dir }).load('default');
    expect(loaded).toMatchObject({
      name: 'Untitled workbook',
      activeSheet: 'S',
      sheets: [{ name: 'S', cells: [{ row: 0, col: 0, input: 3 }] }],
    });
  });

  it('creates the data directory when it does not exist yet', async () => {
    const nested = path.join(dir, 'a', 'b');
    await new FileWorkbookStore({ dir: nested }).save('default', documentNamed('Deep', 1));
    expect(await readdir(nested)).toEqual(['system_state.gridbook']);
  });
});
