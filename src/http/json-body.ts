// JSON request bodies: an empty body counts as no body (clients often send the header on
// bodiless POSTs), and malformed or too-deep JSON is a 400 that says so, never a 5xx.
import type { FastifyInstance } from 'fastify';
import { tooManyCellsInWrite } from '../core/index.js';
import { HttpError } from './errors.js';
import { countGridCells } from './grid-cell-count.js';

/** Routes whose `values` grid is counted before the body is parsed (413 over the limit). */
const COUNTED_GRIDS: ReadonlySet<string> = new Set(['/grid/range']);

export function installJsonParser(
  app: FastifyInstance,
  bodyLimit: number,
  maxWriteCells: number,
): void {
  // A POST without a body means "no fields": routes whose fields are all optional accept it,
  // and routes with required fields answer 422 naming the first missing one.
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.body === undefined && ['POST', 'PUT', 'PATCH'].includes(request.method))
      request.body = {};
    done();
  });
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string', bodyLimit },
    (request, body, done) => {
      const text = typeof body === 'string' ? body : body.toString('utf8');
      if (text.trim() === '') {
        done(null, undefined);
        return;
      }
      if (COUNTED_GRIDS.has(request.routeOptions.url ?? '')) {
        const cells = countGridCells(text, maxWriteCells);
        if (cells > maxWriteCells) {
          done(tooManyCellsInWrite(`more than ${maxWriteCells}`, maxWriteCells), undefined);
          return;
        }
      }
      try {
        done(null, JSON.parse(text));
      } catch (error) {
        const reason =
          error instanceof RangeError ? 'it is nested too deeply' : (error as Error).message;
        done(new HttpError(400, `The request body is not valid JSON: ${reason}.`), undefined);
      }
    },
  );
}
