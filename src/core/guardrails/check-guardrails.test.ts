// Every GridOS guardrail case (docs/gridos-compat.md §5.3: its 24 empty-dependency and wrapper
// cases and its four text-reference cases), ported to our checks, plus the rule-1 skips.
import { describe, expect, it } from 'vitest';
import { useWorkbooks, writeCell } from '../../../test/support/workbook-bed.js';
import { parseCell } from '../address/index.js';
import { typeInput, type WireValue } from '../value-typing.js';
import type { Workbook } from '../workbook.js';
import { cellReaderOf } from './cell-reader.js';
import { checkGuardrails, findGuardrailIssues } from './check-guardrails.js';
import { GuardrailViolationError, type GuardrailIssue } from './errors.js';

const { open } = useWorkbooks();

/** A workbook of `sheets` whose `seedSheet` holds `seed` (A1 → value), one commit a cell. */
function workbookWith(
  seed: Record<string, WireValue>,
  sheets: string[] = ['Sheet1'],
  seedSheet = sheets[0]!,
): Workbook {
  const workbook = open({ sheetNames: sheets });
  for (const [cell, value] of Object.entries(seed)) writeCell(workbook, cell, value, seedSheet);
  return workbook;
}

function issues(
  workbook: Workbook,
  proposed: Record<string, WireValue>,
  sheet = 'Sheet1',
): GuardrailIssue[] {
  const cells = Object.entries(proposed).map(([cell, value]) => ({
    sheet,
    address: parseCell(cell),
    input: typeInput(value),
  }));
  return findGuardrailIssues(cells, cellReaderOf(workbook));
}

function emptyRefs(found: GuardrailIssue[]): string[] {
  return found.flatMap((issue) => ('empty_refs' in issue ? issue.empty_refs : []));
}

describe('[GUARD-EMPTY] empty-dependency check: the GridOS cases', () => {
  it('1: =A1/B1 with only A1 filled flags B1', () => {
    const found = issues(workbookWith({ A1: 100 }), { C1: '=A1/B1' });
    expect(found).toEqual([{ cell: 'C1', formula: '=A1/B1', empty_refs: ['B1'] }]);
  });

  it('2: =MINUS(C4, C3) with C3 empty flags C3', () => {
    const found = issues(workbookWith({ C4: 200 }), { D4: '=MINUS(C4, C3)' });
    expect(found).toHaveLength(1);
    expect(emptyRefs(found)).toEqual(['C3']);
  });

  it('3: =A1+B1+C1 on an empty sheet flags all three', () => {
    const found = issues(workbookWith({}), { D1: '=A1+B1+C1' });
    expect(found).toHaveLength(1);
    expect(emptyRefs(found)).toEqual(['A1', 'B1', 'C1']);
  });

  it('4: =SUM(A1:A100) over A1:A10 passes (empty range ends are fine)', () => {
    const seed = Object.fromEntries(
      Array.from({ length: 10 }, (_, index) => [`A${index + 1}`, index + 1]),
    );
    expect(issues(workbookWith(seed), { B1: '=SUM(A1:A100)' })).toEqual([]);
  });

  it('5: =COUNTIF(A1:A50, "x") passes', () => {
    expect(issues(workbookWith({ A1: 'x', A2: 'y' }), { C1: '=COUNTIF(A1:A50, "x")' })).toEqual([]);
  });

  it('6: =SUMIFS(B1:B100, A1:A100, "a") passes', () => {
    const workbook = workbookWith({ A1: 'a', B1: 10, A2: 'b', B2: 20, A3: 'a', B3: 30 });
    expect(issues(workbook, { D1: '=SUMIFS(B1:B100, A1:A100, "a")' })).toEqual([]);
  });

  it('7: =AVERAGE(A1:A20) over a header and numbers passes', () => {
    expect(
      issues(workbookWith({ A1: 'Header', A2: 50, A3: 100 }), { B1: '=AVERAGE(A1:A20)' }),
    ).toEqual([]);
  });

  it('8: =SUM(Source!A1:A100) passes (a cross-sheet range is not checked)', () => {
    expect(issues(workbookWith({}, ['Sheet1', 'Source']), { A1: '=SUM(Source!A1:A100)' })).toEqual(
      [],
    );
  });

  it('9: T9 inside a string literal is not a reference', () => {
    const workbook = workbookWith({ A2: '@9T' });
    expect(issues(workbook, { E2: '=IF(OR(A2="@9T", A2="SAL", A2="T9A"), "", A2)' })).toEqual([]);
  });

  it('10: USD100 inside a string literal is not a reference', () => {
    expect(issues(workbookWith({ A1: 100 }), { B1: '=IF(A1="USD100", "match", "miss")' })).toEqual(
      [],
    );
  });

  it('11: =IF(A1="hello", B5, 0) on an empty sheet flags B5 (and A1)', () => {
    const found = issues(workbookWith({}), { D1: '=IF(A1="hello", B5, 0)' });
    expect(found).toHaveLength(1);
    expect(emptyRefs(found)).toContain('B5');
    expect(emptyRefs(found)).toContain('A1');
  });

  it('12: SH1!B$2:C$8 inside IFERROR is a sheet name, not cell SH1', () => {
    const workbook = workbookWith({ B2: 'key', C2: 100 }, ['Sheet1', 'SH1'], 'SH1');
    expect(issues(workbook, { C2: '=IFERROR(VLOOKUP(B2, SH1!B$2:C$8, 2, FALSE), "-")' })).toEqual(
      [],
    );
  });

  it('12b: without the wrapper a sheet name that looks like a cell is still not read as one', () => {
    const workbook = workbookWith({ B2: 'key' }, ['Sheet1', 'SH1']);
    const found = issues(workbook, { C2: '=VLOOKUP(B2, SH1!B$2:C$8, 2, FALSE)' });
    expect(emptyRefs(found)).toEqual([]);
  });

  it('13: =$A$1+$B$1 with both filled passes', () => {
    expect(issues(workbookWith({ A1: 10, B1: 20 }), { C1: '=$A$1+$B$1' })).toEqual([]);
  });

  it('14: =$A$1/$B$1 with B1 empty flags B1 (dollar signs do not hide a ref)', () => {
    const found = issues(workbookWith({ A1: 100 }), { C1: '=$A$1/$B$1' });
    expect(found).toHaveLength(1);
    expect(emptyRefs(found)).toEqual(['B1']);
  });

  it('15b: a typed array formula is judged as typed, not as the DYNAMIC.ARRAY it is held in', () => {
    const workbook = workbookWith({ A1: 1, A2: 2 });
    expect(issues(workbook, { C1: '=IFERROR(A1:A2/B1, 0)' })).toEqual([]);
    expect(issues(workbook, { C1: '=A1:A2/B1' })).toEqual([
      { cell: 'C1', formula: '=A1:A2/B1', empty_refs: ['B1'] },
    ]);
  });

  it('15: IFERROR(VLOOKUP(B9, SH1!$B$2:$C$8, …)) with B9 empty passes (wrapper)', () => {
    const workbook = workbookWith({}, ['Sheet1', 'SH1']);
    expect(issues(workbook, { C9: '=IFERROR(VLOOKUP(B9, SH1!$B$2:$C$8, 2, FALSE), "-")' })).toEqual(
      [],
    );
  });

  it('16: IFNA(VLOOKUP(B9, A1:Z100, …)) passes (wrapper)', () => {
    expect(
      issues(workbookWith({}), { C9: '=IFNA(VLOOKUP(B9, A1:Z100, 2, FALSE), "missing")' }),
    ).toEqual([]);
  });

  it('17: the wrapper match ignores case (=iferror(B5/C5, 0))', () => {
    expect(issues(workbookWith({}), { D1: '=iferror(B5/C5, 0)' })).toEqual([]);
  });

  it('18: an inner wrapper does not help (=A1+IFERROR(B1, 0) flags A1)', () => {
    const found = issues(workbookWith({}), { C1: '=A1+IFERROR(B1, 0)' });
    expect(found).toHaveLength(1);
    expect(emptyRefs(found)).toContain('A1');
  });

  it('19: CONCATENATE wrapper passes', () => {
    expect(issues(workbookWith({}), { G1: '=CONCATENATE("//[", E1, "]")' })).toEqual([]);
  });

  it('20: TEXTJOIN wrapper passes', () => {
    expect(issues(workbookWith({}), { D1: '=TEXTJOIN(", ", TRUE, A1, B1, C1)' })).toEqual([]);
  });

  it('21: SUMPRODUCT wrapper passes', () => {
    expect(issues(workbookWith({}), { D1: '=SUMPRODUCT((A2:A100="x")*(B2:B100))' })).toEqual([]);
  });

  it("22: 'Data to Import'!C2 is checked on its own sheet, where it is filled", () => {
    const workbook = workbookWith({ C2: 'abcdef' }, ['Sheet1', 'Data to Import'], 'Data to Import');
    const formula = "=LEFT('Data to Import'!C2, LEN('Data to Import'!C2) - 3)";
    expect(issues(workbook, { A1: formula }, 'Sheet1')).toEqual([]);
  });

  it("23: ='Data to Import'!$C$2 + 5 is checked on its own sheet, where it is filled", () => {
    const workbook = workbookWith({ C2: 100 }, ['Sheet1', 'Data to Import'], 'Data to Import');
    expect(issues(workbook, { A1: "='Data to Import'!$C$2 + 5" }, 'Sheet1')).toEqual([]);
  });

  it('23b: a cross-sheet ref to an empty cell on its own sheet is flagged with its sheet', () => {
    const workbook = workbookWith({ C2: 100 }, ['Sheet1', 'Data to Import']);
    const found = issues(workbook, { A1: "='Data to Import'!$C$2 + 5" }, 'Sheet1');
    expect(emptyRefs(found)).toEqual(["'Data to Import'!C2"]);
  });

  it('24: a ref written by the same preview counts as filled', () => {
    expect(issues(workbookWith({}), { A1: 100, B1: '=A1*2' })).toEqual([]);
  });
});

describe('[GUARD-EMPTY] details beyond the GridOS cases', () => {
  it('a function name with digits (LOG10) is not read as a cell', () => {
    expect(issues(workbookWith({ A1: 100 }), { B1: '=LOG10(A1)' })).toEqual([]);
  });

  it('a formula whose value is blank is not empty; zero is not empty', () => {
    const workbook = workbookWith({ A1: '=Z99', B1: 0 });
    writeCell(workbook, 'Z99', null);
    expect(issues(workbook, { C1: '=A1+B1' })).toEqual([]);
  });

  it('a cell the same write clears counts as empty', () => {
    const found = issues(workbookWith({ A1: 5 }), { A1: '', B1: '=A1*2' });
    expect(emptyRefs(found)).toEqual(['A1']);
  });

  it('a reference to a sheet that does not exist is flagged', () => {
    expect(emptyRefs(issues(workbookWith({}), { A1: '=Nowhere!B2+1' }))).toEqual(['Nowhere!B2']);
  });

  it('a wrapper that does not span the whole formula does not skip it', () => {
    expect(emptyRefs(issues(workbookWith({}), { A1: '=IFERROR(B1, 0)+C1' }))).toEqual(['B1', 'C1']);
  });
});

describe('[GUARD-TEXT] text-cell-reference check', () => {
  it('(a) =A1*2 with A1="Q1" flags A1 in bad_refs', () => {
    const found = issues(workbookWith({ A1: 'Q1', B1: 100 }), { C1: '=A1*2' });
    expect(found).toEqual([{ cell: 'C1', formula: '=A1*2', bad_refs: ['A1'] }]);
  });

  it('(b) =B1*2 with B1=100 passes', () => {
    expect(issues(workbookWith({ B1: 100 }), { C1: '=B1*2' })).toEqual([]);
  });

  it('(c) =IFERROR(A1*2, 0) over a label passes (wrapper)', () => {
    expect(issues(workbookWith({ A1: 'label' }), { C1: '=IFERROR(A1*2, 0)' })).toEqual([]);
  });

  it('(d) a label the same write overwrites with a number passes', () => {
    expect(issues(workbookWith({ A1: 'old label' }), { A1: 100, C1: '=A1*2' })).toEqual([]);
  });

  it('a label written by the same write is still a label', () => {
    const found = issues(workbookWith({}), { A1: 'Revenue', B1: 10, C1: '=A1+B1' });
    expect(found).toEqual([{ cell: 'C1', formula: '=A1+B1', bad_refs: ['A1'] }]);
  });

  it('a label passed straight to a numeric function is flagged (SUM(A1, B1))', () => {
    const found = issues(workbookWith({ A1: 'Revenue', B1: 10 }), { C1: '=SUM(A1, B1)' });
    expect(found.flatMap((issue) => ('bad_refs' in issue ? issue.bad_refs : []))).toEqual(['A1']);
  });

  it('labels used as labels pass: comparisons, joins, text and lookup functions', () => {
    const workbook = workbookWith({ A1: 'Revenue', B1: 10 });
    expect(issues(workbook, { C1: '=IF(A1="Revenue", B1, 0)' })).toEqual([]);
    expect(issues(workbook, { C1: '=A1&" total"' })).toEqual([]);
    expect(issues(workbook, { C1: '=LEN(A1)+B1' })).toEqual([]);
    expect(issues(workbook, { C1: '=A1' })).toEqual([]);
  });

  it('a cross-sheet label read as a number is flagged on its own sheet', () => {
    const workbook = workbookWith({ A1: 'Revenue' }, ['Sheet1', 'Data'], 'Data');
    const found = issues(workbook, { B1: '=Data!A1*2' });
    expect(found.flatMap((issue) => ('bad_refs' in issue ? issue.bad_refs : []))).toEqual([
      'Data!A1',
    ]);
  });
});

describe('checkGuardrails', () => {
  it('throws one error carrying every issue, empty-dependency issues first', () => {
    const workbook = workbookWith({ A1: 'Label' });
    const cells = [
      { sheet: 'Sheet1', address: parseCell('B1'), input: typeInput('=A1*2') },
      { sheet: 'Sheet1', address: parseCell('B2'), input: typeInput('=Z1+1') },
    ];
    let caught: unknown;
    try {
      checkGuardrails(cells, cellReaderOf(workbook));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(GuardrailViolationError);
    const error = caught as GuardrailViolationError;
    expect(error.detail.map((issue) => issue.cell)).toEqual(['B2', 'B1']);
    expect(error.message).toContain('B2 (=Z1+1) reads empty cell(s) Z1');
    expect(error.message).toContain('B1 (=A1*2) reads text cell(s) A1 as numbers');
  });

  it('returns quietly for a safe write', () => {
    const workbook = workbookWith({ A1: 2 });
    expect(() =>
      checkGuardrails(
        [{ sheet: 'Sheet1', address: parseCell('B1'), input: typeInput('=A1*2') }],
        cellReaderOf(workbook),
      ),
    ).not.toThrow();
  });
});
