// A request the server answers "503, Retry-After" stored (or read) nothing, and the server says
// the same request will be answered when sent again: the page sends it again, a bounded number of
// times, rather than telling the user their change failed (README: several processes, one
// database).
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../web/src/api/client.js';
import { ApiError } from '../../web/src/api/errors.js';

/** A server stand-in answering from a script, one answer per request; the bodies it was sent. */
function scripted(answers: readonly (() => Response)[]) {
  const bodies: unknown[] = [];
  let next = 0;
  const fetchImpl = (async (_url: string, init: RequestInit) => {
    bodies.push(init.body);
    const answer = answers[Math.min(next, answers.length - 1)]!;
    next += 1;
    return answer();
  }) as unknown as typeof fetch;
  return { fetchImpl, bodies };
}

const changedElsewhere = (retryAfter?: string) => () =>
  new Response(
    JSON.stringify({ detail: 'The workbook was changed through another server process' }),
    { status: 503, headers: retryAfter === undefined ? {} : { 'retry-after': retryAfter } },
  );
const stored = () => new Response(JSON.stringify({ status: 'Success' }), { status: 200 });

describe('sending again what the server asks to have sent again', () => {
  it('a write answered 503 with Retry-After: 0 is sent again, the same body, until stored', async () => {
    const server = scripted([changedElsewhere('0'), changedElsewhere('0'), stored]);
    const client = new ApiClient(server.fetchImpl, '', 'web-test');
    await expect(client.post('/grid/cell', { cell: 'A1', value: '5' })).resolves.toEqual({
      status: 'Success',
    });
    expect(server.bodies).toHaveLength(3);
    expect(new Set(server.bodies)).toEqual(new Set(['{"cell":"A1","value":"5"}']));
  });

  it('gives up after three more tries, and never retries a 503 that does not say when', async () => {
    const always = scripted([changedElsewhere('0')]);
    const client = new ApiClient(always.fetchImpl, '', 'web-test');
    const failure = await client.post('/grid/cell', { cell: 'A1', value: '5' }).catch((e) => e);
    expect(failure).toBeInstanceOf(ApiError);
    expect((failure as ApiError).status).toBe(503);
    expect(always.bodies).toHaveLength(4);

    const unsaid = scripted([changedElsewhere(), stored]);
    const other = new ApiClient(unsaid.fetchImpl, '', 'web-test');
    await expect(other.post('/grid/cell', { cell: 'A1', value: '5' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(unsaid.bodies).toHaveLength(1);

    // A wait longer than the page will sit through is shown, not waited for.
    const later = scripted([changedElsewhere('120'), stored]);
    const third = new ApiClient(later.fetchImpl, '', 'web-test');
    await expect(third.post('/grid/cell', { cell: 'A1', value: '5' })).rejects.toBeInstanceOf(
      ApiError,
    );
    expect(later.bodies).toHaveLength(1);
  });
});
