// JSON request bodies: an empty body counts as no body (clients often send the header on
// bodiless POSTs), and malformed or too-deep JSON is a 400 that says so, never a 5xx.
import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import type { FastifyInstance, FastifyRequest, preParsingHookHandler } from 'fastify';
import { tooManyCellsInWrite } from '../core/index.js';
import { HttpError } from './errors.js';
import { GridCellCounter } from './grid-cell-count.js';
import { isBlank, readSharedBody } from './shared-body.js';

/** A JSON body left as bytes in shared memory for its route to parse; malformed JSON is the route's 400. */
export class JsonBytes {
  constructor(readonly bytes: Buffer) {}
}

/** The 400 of a body that is not JSON, in the parser's words. */
export function malformedJson(reason: string): HttpError {
  return new HttpError(400, `The request body is not valid JSON: ${reason}.`);
}

export function installJsonParser(app: FastifyInstance, bodyLimit: number): void {
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
      // A test, not trim(): trimming copies the text, megabytes for a large body.
      if (/^\s*$/.test(text)) {
        done(null, undefined);
        return;
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

/**
 * JSON bodies of the routes registered on `scope` read as JsonBytes for a worker thread to parse
 * (a JSON import of a million cells took seconds of JSON.parse and garbage collection on the event
 * loop; issue 16). A blank body is no body, as for every other route.
 */
export function installSharedJsonParser(scope: FastifyInstance, bodyLimit: number): void {
  scope.removeContentTypeParser('application/json');
  scope.addContentTypeParser(
    'application/json',
    async (request: FastifyRequest, payload: IncomingMessage) => {
      const bytes = await readSharedBody(request, payload, bodyLimit);
      return isBlank(bytes) ? undefined : new JsonBytes(bytes);
    },
  );
}

/**
 * A route's preParsing hook counting the cells of its `values` grid as the body arrives: past
 * `maxCells` the body is refused (413 naming the limit) before the rest is read or parsed.
 */
export function countedGridCells(maxCells: number): preParsingHookHandler {
  return (_request, _reply, payload, done) => {
    const counter = new GridCellCounter();
    const counted = new Transform({
      transform(chunk: Buffer, _encoding, next) {
        if (counter.read(chunk) > maxCells)
          next(tooManyCellsInWrite(`more than ${maxCells}`, maxCells));
        else next(null, chunk);
      },
    });
    payload.on('error', (error) => counted.destroy(error));
    done(null, payload.pipe(counted));
  };
}
