import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { FunctionRegistry } from './function-registry.js';
import {
  describedParameters,
  NOT_IN_EXCEL,
  pluginCatalogue,
  positionalParameters,
  signatureOf,
} from './function-catalogue.js';

const { open } = useWorkbooks();

describe('the function catalogue', () => {
  it('lists exactly the functions the engine evaluates', () => {
    const book = open();
    expect(book.functionCatalogue().map((fn) => fn.name)).toEqual(book.functionNames());
  });

  it('a workbook’s own functions appear with the parameters and description they declare', () => {
    const book = open({
      functions: new FunctionRegistry([
        {
          name: 'TWICE',
          minArgs: 1,
          maxArgs: 2,
          description: 'Doubles a number.',
          parameters: ['number', 'times'],
          category: 'Plugins',
          evaluate: ([value]) => Number(value) * 2,
        },
        { name: 'PICK', minArgs: 1, maxArgs: Infinity, description: '', evaluate: () => 1 },
      ]),
    });
    const byName = new Map(book.functionCatalogue().map((fn) => [fn.name, fn]));
    expect(byName.get('TWICE')).toMatchObject({
      signature: 'TWICE(number, [times])',
      category: 'Plugins',
      description: 'Doubles a number.',
    });
    expect(byName.get('PICK')?.signature).toBe('PICK(value1, …)');
  });

  it('signatures bracket optional parameters and mark repeating ones', () => {
    expect(signatureOf('F', [{ name: 'a', optional: false }], 0)).toBe('F(a)');
    expect(signatureOf('F', [], 0)).toBe('F()');
    const { parameters, repeatLastArgs } = positionalParameters(1, 3);
    expect(signatureOf('G', parameters, repeatLastArgs)).toBe('G(value1, [value2], [value3])');
  });

  it('a plugin table’s rows become entries in their own category, else the plugin’s', () => {
    const catalogue = pluginCatalogue(
      [
        { name: 'ONE', description: 'First.', parameters: [['x', false]] },
        {
          name: 'MANY',
          category: 'Math and trigonometry',
          description: 'Repeats.',
          parameters: [
            ['first', false],
            ['more', true],
          ],
          repeatLastArgs: 1,
        },
      ],
      'Logical',
    );
    expect([...catalogue.keys()]).toEqual(['ONE', 'MANY']);
    expect(catalogue.get('ONE')).toMatchObject({ category: 'Logical', signature: 'ONE(x)' });
    expect(catalogue.get('MANY')).toMatchObject({
      category: 'Math and trigonometry',
      repeatLastArgs: 1,
      signature: 'MANY(first, [more], …)',
    });
  });

  it('a plugin row with no category where the plugin gives none is refused', () => {
    expect(() => pluginCatalogue([{ name: 'LOST', description: '', parameters: [] }])).toThrow(
      'LOST has no catalogue category',
    );
  });

  it('Excel functions of ours are listed with the parameter names their descriptions give, not value1, value2', () => {
    const byName = new Map(
      open()
        .functionCatalogue()
        .map((fn) => [fn.name, fn]),
    );
    expect(byName.get('SUBSTITUTE')?.signature).toBe(
      'SUBSTITUTE(text, old_text, new_text, [instance_num])',
    );
    expect(byName.get('ROUND')?.signature).toBe('ROUND(number, num_digits)');
    expect(byName.get('MATCH')?.signature).toBe('MATCH(lookup_value, lookup_array, [match_type])');
    expect(byName.get('TEXT')?.signature).toBe('TEXT(value, format_text)');
    expect(byName.get('AVERAGEIFS')?.signature).toBe(
      'AVERAGEIFS(average_range, criteria_range1, criteria1, …)',
    );
    const generic = [...byName.values()].filter((fn) =>
      fn.parameters.some((parameter) => /^(Arg\d+|value\d+)$/.test(parameter.name)),
    );
    // Excel itself names COUNT's, AVERAGEA's … value1, value2; nothing else is left positional.
    expect(generic.filter((fn) => fn.description === '').map((fn) => fn.name)).toEqual([]);
    expect(generic.map((fn) => fn.name)).not.toContain('SUBSTITUTE');
  });

  it('functions Excel has not (GridOS’s, HyperFormula’s own) are in the Not in Excel category', () => {
    const byName = new Map(
      open()
        .functionCatalogue()
        .map((fn) => [fn.name, fn]),
    );
    for (const name of ['SUBTRACT', 'MINUS', 'CEIL', 'HF.ADD', 'SPLIT', 'VERSION'])
      expect(byName.get(name)?.category, name).toBe(NOT_IN_EXCEL);
    for (const name of ['SUBSTITUTE', 'SUM', 'VLOOKUP', 'CEILING', 'AVERAGEIFS'])
      expect(byName.get(name)?.category, name).not.toBe(NOT_IN_EXCEL);
  });

  it('describedParameters reads the names a description opens with, and only a matching count', () => {
    expect(describedParameters('F', 'F(number, [par=1000], [suffix="i"]): …', 3)).toEqual([
      'number',
      'par',
      'suffix',
    ]);
    expect(describedParameters('F', 'F(text1, …): joins', 1)).toEqual(['text1']);
    expect(describedParameters('F', 'F(a, b): …', 3)).toBeUndefined();
    expect(describedParameters('F', 'Adds two numbers.', 2)).toBeUndefined();
    expect(describedParameters('F', 'G(a, b): …', 2)).toBeUndefined();
  });
});
