import { describe, expect, it } from 'vitest';
import { useWorkbooks } from '../../../test/support/workbook-bed.js';
import { FunctionRegistry } from './function-registry.js';
import { pluginCatalogue, positionalParameters, signatureOf } from './function-catalogue.js';

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
});
