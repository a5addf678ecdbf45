// Request validators are compiled on a route's first request: a server starts without paying
// ajv's code generation for every route, and validation answers as before once a request comes.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { lazyValidators } from './lazy-validators.js';

function appWith(bodySchema: object) {
  const app = Fastify({
    ajv: { customOptions: { coerceTypes: false } },
    schemaController: { compilersFactory: { buildValidator: lazyValidators() } },
  });
  app.post('/cell', { schema: { body: bodySchema } }, async (request) => ({ got: request.body }));
  return app;
}

describe('lazyValidators', () => {
  it('does not compile a route schema when the server starts, only on its first request', async () => {
    // ajv refuses this schema: compiled at start, ready() would throw.
    const app = appWith({ type: 'not-a-type' });
    await expect(app.ready()).resolves.toBeDefined();
    const answer = await app.inject({ method: 'POST', url: '/cell', payload: { cell: 'A1' } });
    expect(answer.statusCode).toBe(500);
    await app.close();
  });

  it('validates with the server ajv options and reports the failing field', async () => {
    const app = appWith({
      type: 'object',
      required: ['cell'],
      properties: { cell: { type: 'string' } },
    });
    const good = await app.inject({ method: 'POST', url: '/cell', payload: { cell: 'A1' } });
    expect(good.json()).toEqual({ got: { cell: 'A1' } });
    // No coercion (coerceTypes: false): a number is refused, not turned into "1".
    const bad = await app.inject({ method: 'POST', url: '/cell', payload: { cell: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('cell');
    const again = await app.inject({ method: 'POST', url: '/cell', payload: {} });
    expect(again.json().message).toContain("must have required property 'cell'");
    await app.close();
  });
});
