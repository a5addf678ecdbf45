// W5's baseline: what a bare HyperFormula user would do to save and load the same grid —
// serialize every sheet to JSON and write it with the same crash-safe steps (temp file,
// fsync, rename), then read, parse and rebuild an instance from it.
import { open, readFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { HyperFormula, RAW_CONFIG } from '../lib/raw-engine.js';

const BOOLEAN_NAMES = [
  { name: 'TRUE', expression: '=TRUE()' },
  { name: 'FALSE', expression: '=FALSE()' },
];

export function rawExport(hf: HyperFormula): string {
  return JSON.stringify(hf.getAllSheetsSerialized());
}

export function rawImport(text: string): HyperFormula {
  return HyperFormula.buildFromSheets(
    JSON.parse(text) as Record<string, (string | number | boolean | null)[][]>,
    { ...RAW_CONFIG },
    BOOLEAN_NAMES,
  );
}

export async function rawSave(hf: HyperFormula, file: string): Promise<number> {
  const text = rawExport(hf);
  const temp = path.join(path.dirname(file), `.${path.basename(file)}.tmp`);
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(text);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
  const directory = await open(path.dirname(file), 'r');
  await directory.sync();
  await directory.close();
  return Buffer.byteLength(text);
}

export async function rawLoad(file: string): Promise<HyperFormula> {
  return rawImport(await readFile(file, 'utf8'));
}
