// Answers that tell the caller to send the same request again (Retry-After: 0): nothing was stored
// or read, and the next try is answered. The page sends such requests again by itself.
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { ReadInterruptedError } from '../core/index.js';
import { WorkbookChangedElsewhereError, WorkbookDeletedElsewhereError } from '../hosting/index.js';
import { installErrorHandling } from './errors.js';

async function answerTo(error: Error) {
  const app = Fastify();
  installErrorHandling(app);
  app.get('/fail', async () => {
    throw error;
  });
  const response = await app.inject({ method: 'GET', url: '/fail' });
  await app.close();
  return response;
}

describe('answers to send again', () => {
  it('a change another process beat, or a read commits kept interrupting, is a 503 with Retry-After: 0', async () => {
    for (const error of [new WorkbookChangedElsewhereError('wb'), new ReadInterruptedError(5)]) {
      const response = await answerTo(error);
      expect(response.statusCode, error.name).toBe(503);
      expect(response.headers['retry-after'], error.name).toBe('0');
      expect(response.json().detail, error.name).toContain('send');
    }
  });

  it('a change to a workbook deleted elsewhere is a 404 that does not ask to be sent again', async () => {
    const response = await answerTo(new WorkbookDeletedElsewhereError('wb'));
    expect(response.statusCode).toBe(404);
    expect(response.headers['retry-after']).toBeUndefined();
  });
});
