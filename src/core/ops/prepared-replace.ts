// A whole-workbook replace (an import, issue 16) built ahead of its commit, a slice at a time,
// while readers and writers keep the workbook as it is: the document is checked, the new engine
// is built beside the current one (FormulaEngine.prepareReplaceAll) and the new sheets are
// filled; the commit of the same `replace-workbook` op then only swaps them in. An import of
// 1,048,576 numbers held the event loop ~2 s in that commit, most of it in one engine build.
// What is prepared is kept against the op's document object and taken by the first commit of
// it; one whose engine went stale meanwhile (plugins came or went) is built again in one pass.
import {
  DEFAULT_CHARACTER_SET,
  type EngineBuild,
  type ReplacementSheet,
} from '../formula/index.js';
import { Sheet } from '../sheet.js';
import type { InputRun, WorkbookDocument } from './op.js';
import { swapWorkbook } from './retired-workbook.js';
import { setCharacterSet, type Executed, type WorkbookState } from './state.js';
import { cellColumnsOf } from './cell-columns.js';
import {
  checkedDocument,
  fillSheetCells,
  fillSheetRest,
  inputRunsOf,
  inputRunsOneByOne,
  placeSheets,
} from './workbook-document.js';

/** Cells a slice puts into the sheets' own state (inputs, versions, locks). */
const CELLS_PER_SLICE = 32_768;

/** A replace being prepared: step it until it answers true, then commit the same document. */
export interface PreparedReplace {
  /** Works while `more()` answers true; true once everything is ready for the commit. */
  step(more: () => boolean): boolean;
}

interface Ready {
  readonly document: WorkbookDocument;
  readonly replacement: readonly ReplacementSheet[];
  readonly build: EngineBuild;
  readonly sheets: readonly Sheet[];
}

const prepared = new WeakMap<WorkbookDocument, Ready>();

function* phases(state: WorkbookState, raw: WorkbookDocument): Generator<void, void> {
  const document = yield* checkedDocument(raw);
  // The build ahead writes each run as it is made; the whole list is made only if the commit
  // must build in one pass after all (an engine gone stale meanwhile).
  const replacement = document.sheets.map((snapshot): ReplacementSheet => {
    const cells = cellColumnsOf(snapshot);
    let runs: readonly InputRun[] | undefined;
    return {
      name: snapshot.name,
      get runs() {
        return (runs ??= inputRunsOf(snapshot));
      },
      runsOneByOne: () => inputRunsOneByOne(cells),
    };
  });
  const build = state.engine.prepareReplaceAll(replacement, document.names);
  // Built in one pass at the commit, as without preparing (defined names).
  if (build === undefined) return;
  let complete = false;
  while (!complete) {
    complete = build.step(() => !complete && budgetLeft());
    yield;
  }
  // Engine handles are bound when the build is swapped in (replaceAll hands them out).
  const sheets = document.sheets.map((snapshot) => new Sheet(snapshot.name, -1));
  for (let index = 0; index < sheets.length; index += 1) {
    const cells = cellColumnsOf(document.sheets[index]!);
    for (let from = 0; from < cells.length; from += CELLS_PER_SLICE) {
      fillSheetCells(sheets[index]!, cells, from, Math.min(cells.length, from + CELLS_PER_SLICE));
      yield;
    }
    fillSheetRest(sheets[index]!, document.sheets[index]!);
  }
  prepared.set(raw, { document, replacement, build, sheets });
}

// The `more` of the step in progress, read by the engine build's own loop.
let budgetLeft: () => boolean = () => false;

export function prepareReplace(state: WorkbookState, document: WorkbookDocument): PreparedReplace {
  const steps = phases(state, document);
  let done = false;
  return {
    step(more) {
      budgetLeft = more;
      try {
        while (!done && more()) done = steps.next().done === true;
      } finally {
        budgetLeft = () => false;
      }
      return done;
    },
  };
}

/**
 * The commit of a prepared replace: the engine built ahead and the filled sheets swapped in
 * (the current sheets retired for the undo, as any replace); undefined when none was prepared
 * for this document object.
 */
export function installPrepared(
  state: WorkbookState,
  document: WorkbookDocument,
): Executed | undefined {
  const ready = prepared.get(document);
  if (ready === undefined) return undefined;
  prepared.delete(document);
  return swapWorkbook(state, () => {
    setCharacterSet(state, ready.document.characterSet ?? DEFAULT_CHARACTER_SET);
    const handles = state.engine.replaceAll(ready.replacement, ready.document.names, ready.build);
    ready.sheets.forEach((sheet, index) => {
      sheet.engineSheet = handles[index]!;
    });
    placeSheets(state, ready.document, ready.sheets);
  });
}
