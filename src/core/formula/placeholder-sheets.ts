// A formula may name a sheet that does not exist (yet): `=Budget!A1` is #REF! until a sheet
// Budget is added, then computes. HyperFormula keeps such a name as a placeholder sheet and, from
// 3.x, removes the placeholder as soon as no cell refers to it any more. It does so while it
// replaces a cell's formula: the old formula's references are released (and the placeholder with
// them) after the new formula was parsed against it, so the new formula's references point into a
// sheet that is gone and the engine throws ("There's no sheet with id = 1", "Vertex for address
// missing in AddressMapping"). Typing `=Budget!A2` over `=Budget!A1`, re-entering the same
// formula, or clearing a cell that blocked an array naming a missing sheet (the array is entered
// again to spill) all failed, so the user could not change the cell. Placeholders are kept instead:
// an unused one is an empty entry per missing sheet name, gone when the engine is next rebuilt, and
// a sheet added under its name takes it over as HyperFormula does with any placeholder.
import { internalPrototype } from './engine-internals.js';

interface DependencyGraph {
  cleanupPlaceholderSheets(sheetIds: Iterable<number>): void;
}

let installed = false;

export function keepPlaceholderSheets(): void {
  if (installed) return;
  const prototype = internalPrototype<DependencyGraph>(
    ['dependencyGraph'],
    ['cleanupPlaceholderSheets'],
    'HyperFormula no longer cleans up placeholder sheets where placeholder-sheets.ts expects; check whether replacing a formula that names a missing sheet still throws.',
  );
  prototype.cleanupPlaceholderSheets = function (): void {
    // Kept: see the file's header.
  };
  installed = true;
}
