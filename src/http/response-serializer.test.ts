// Responses are plain JSON; in check mode (the tests) a body that its response schema does not
// describe is an error, so a schema that stopped telling the truth fails a test.
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { ResponseSchemaMismatch, responseSerializer } from './response-serializer.js';

const route = {
  schema: Type.Object({ status: Type.Literal('Success') }),
  method: 'POST',
  url: '/grid/cell',
  httpStatus: '200',
};

describe('responseSerializer', () => {
  it('holds each body to its response schema in check mode', async () => {
    const serialize = (await responseSerializer(true))(route);
    expect(serialize({ status: 'Success' })).toBe('{"status":"Success"}');
    expect(() => serialize({ status: 'Done' })).toThrow(ResponseSchemaMismatch);
  });

  it('only stringifies without check mode', async () => {
    const serialize = (await responseSerializer(false))(route);
    expect(serialize({ status: 'Done' })).toBe('{"status":"Done"}');
  });
});
