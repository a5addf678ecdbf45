// Request validators compiled on a route's first request instead of at start. Fastify's default
// compiles every route's schemas with ajv while the server starts: ajv's code generation for the
// API's ~90 schemas was a fifth of a restart's CPU before the journal replay (W7), and most routes
// are never called in a process's first seconds. Same compiler, same ajv options, same errors:
// only when the work happens moves.
import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifySchemaCompiler } from 'fastify';

type BuildValidator = ReturnType<typeof AjvCompiler>;
type ValidateFunction = ((data: unknown) => unknown) & { errors?: unknown };

export function lazyValidators(): BuildValidator {
  const buildFromPool = AjvCompiler();
  return ((externalSchemas, options) => {
    const compile = buildFromPool(externalSchemas, options) as FastifySchemaCompiler<unknown>;
    return (route: Parameters<FastifySchemaCompiler<unknown>>[0]) => {
      let compiled: ValidateFunction | undefined;
      const validate: ValidateFunction = (data) => {
        compiled ??= compile(route) as ValidateFunction;
        const result = compiled(data);
        // Fastify reads a failed validation's reasons from the function it called.
        validate.errors = compiled.errors;
        return result;
      };
      return validate;
    };
  }) as BuildValidator;
}
