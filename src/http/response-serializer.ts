// How responses become JSON. The routes' response schemas (src/contract) are the OpenAPI
// document and the handlers' return types; they are not the serializer: the handlers build each
// body explicitly, and a schema-driven serializer would silently drop a field a schema forgot and
// pay for a union check per cell on a 100,000-cell /grid. With `check` (the tests), every body
// is held to its schema first, so a schema that no longer tells the truth fails a test.
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import type { TSchema } from 'typebox';

export class ResponseSchemaMismatch extends Error {}

/** Plain JSON.stringify; with `check`, each body held to its schema first (the compiler, ~300 modules, loads only then). */
export async function responseSerializer(
  check: boolean,
): Promise<FastifySerializerCompiler<unknown>> {
  if (!check) return () => (data) => JSON.stringify(data);
  const { Compile } = await import('typebox/compile');
  return ({ schema, method, url, httpStatus }) => {
    const validator = Compile(schema as TSchema);
    return (data) => {
      if (!validator.Check(data)) {
        const problems = validator
          .Errors(data)
          .slice(0, 3)
          .map((error) => `${error.instancePath || '/'} ${error.message}`);
        throw new ResponseSchemaMismatch(
          `${method} ${url} ${httpStatus}: the body does not match its response schema: ${problems.join('; ')}`,
        );
      }
      return JSON.stringify(data);
    };
  };
}
