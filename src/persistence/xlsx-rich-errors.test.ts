import { describe, expect, it } from 'vitest';
import { RICH_ERROR_PARTS, richErrorCells, richErrorsOf } from './xlsx-rich-errors.js';

const METADATA = `<metadata xmlns:xlrd="x"><metadataTypes count="2"><metadataType name="XLDAPR"/><metadataType name="XLRICHVALUE"/></metadataTypes>
<futureMetadata name="XLRICHVALUE" count="3"><bk><extLst><ext><xlrd:rvb i="2"/></ext></extLst></bk><bk><extLst><ext><xlrd:rvb i="0"/></ext></extLst></bk><bk><extLst><ext><xlrd:rvb i="1"/></ext></extLst></bk></futureMetadata>
<valueMetadata count="4"><bk><rc t="2" v="0"/></bk><bk><rc t="2" v="1"/></bk><bk><rc t="1" v="0"/></bk><bk><rc t="2" v="2"/></bk></valueMetadata></metadata>`;
const VALUES = `<rvData count="3"><rv s="0"><v>13</v><v>0</v></rv><rv s="1"><v>Canada</v></rv><rv s="0"><v>8</v><v>1</v></rv></rvData>`;
const STRUCTURES = `<rvStructures count="2"><s t="_error"><k n="errorType" t="i"/><k n="subType" t="i"/></s><s t="_linkedentity"><k n="_DisplayString" t="s"/></s></rvStructures>`;

const parts = (): Map<string, string> =>
  new Map(RICH_ERROR_PARTS.map((name, index) => [name, [METADATA, VALUES, STRUCTURES][index]!]));

describe('rich error values', () => {
  it('names the error each value-metadata record points at (errorType is ERROR.TYPE − 1)', () => {
    const errors = richErrorsOf(parts());
    // vm 1 → block 0 → rich value 2 → errorType 8; vm 2 → rich value 0 → 13.
    expect(errors.get(1)).toBe('#SPILL!');
    expect(errors.get(2)).toBe('#CALC!');
    // vm 3 is another metadata type; vm 4 points at a rich value that is no error.
    expect(errors.has(3)).toBe(false);
    expect(errors.has(4)).toBe(false);
  });

  it('names nothing when a part is missing', () => {
    const some = parts();
    some.delete('xl/richData/rdrichvalue.xml');
    expect(richErrorsOf(some).size).toBe(0);
  });

  it('finds the error constants with value metadata, not formulas or other cells', () => {
    const xml =
      '<row r="1"><c r="A1" t="e" vm="2"><v>#VALUE!</v></c><c r="B1" t="e" vm="1"><f>X()</f><v>#VALUE!</v></c>' +
      '<c r="C1" vm="3"><v>1</v></c><c r="D1" t="e"><v>#N/A</v></c></row>';
    expect([...richErrorCells(xml)]).toEqual([['A1', 2]]);
  });
});
