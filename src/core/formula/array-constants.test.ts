import { describe, expect, it } from 'vitest';
import { booleansInArrayConstants } from './array-constants.js';
import { useWorkbooks, valueAt } from '../../../test/support/workbook-bed.js';

const { open } = useWorkbooks();

describe('TRUE and FALSE in array constants', () => {
  it('are given to the engine as TRUE() and FALSE() inside braces only, never inside strings or sheet names', () => {
    expect(booleansInArrayConstants('={TRUE,1,false}')).toBe('={TRUE(),1,FALSE()}');
    expect(booleansInArrayConstants('=IF(TRUE,{1;TRUE},0)')).toBe('=IF(TRUE,{1;TRUE()},0)');
    expect(booleansInArrayConstants('={"TRUE",TRUEX,TRUE()}')).toBe('={"TRUE",TRUEX,TRUE()}');
    expect(booleansInArrayConstants("='{TRUE}'!A1+{TRUE}")).toBe("='{TRUE}'!A1+{TRUE()}");
    expect(booleansInArrayConstants('=A1')).toBe('=A1');
  });

  it('a workbook holding one imports whole (the one-pass build used to give up) and computes it', () => {
    const book = open();
    book.apply([
      {
        type: 'replace-workbook',
        document: {
          name: 'W',
          activeSheet: 'S',
          sheets: [
            {
              name: 'S',
              cells: [
                {
                  row: 0,
                  col: 0,
                  input: { formula: '=INDEX({TRUE,FALSE},1,2)' },
                  version: 1,
                  locked: false,
                },
                { row: 1, col: 0, input: { formula: '=SUM({1,2,3})' }, version: 1, locked: false },
                {
                  row: 2,
                  col: 0,
                  input: { formula: '=COUNTIF({TRUE,1,TRUE},TRUE)' },
                  version: 1,
                  locked: false,
                },
              ],
            },
          ],
        },
      },
    ]);
    expect([valueAt(book, 'A1', 'S'), valueAt(book, 'A2', 'S'), valueAt(book, 'A3', 'S')]).toEqual([
      false,
      6,
      2,
    ]);
    expect(book.sheet('S').input(0, 0)).toEqual({ formula: '=INDEX({TRUE,FALSE},1,2)' });
  });
});
