// JSON request bodies: an empty body counts as no body (clients often send the header on
// bodiless POSTs), and malformed or too-deep JSON is a 400 that says so, never a 5xx.
import type { FastifyInstance } from 'fastify';
import { tooManyCellsInWrite } from '../core/index.js';
import { HttpError } from './errors.js';
import { countGridCells } from './grid-cell-count.js';

/** Routes whose `values` grid is counted before the body is parsed (413 over the limit). */
const COUNTED_GRIDS: ReadonlySet<string> = new Set(['/grid/range']);

/**
 * Routes whose body the route parses itself, off the event loop: a JSON import of a million
 * cells took seconds of JSON.parse and garbage collection here (issue 16).
 */
const PARSED_BY_ROUTE: ReadonlySet<string> = new Set(['/system/import']);

/** A JSON body left as text for its route (PARSED_BY_ROUTE); malformed JSON is the route's 400. */
export class JsonText {
  constructor(readonly text: string) {}
}

/** The 400 of a body that is not JSON, in the parser's words. */
export function malformedJson(reason: string): HttpError {
  return new HttpError(400, `The request body is not valid JSON: ${reason}.`);
}

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
      const route = request.routeOptions.url ?? '';
      if (PARSED_BY_ROUTE.has(route)) {
        done(null, new JsonText(text));
        return;
      }
      if (COUNTED_GRIDS.has(route)) {
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
        done(malformedJson(reason), undefined);
      }
    },
  );
}
