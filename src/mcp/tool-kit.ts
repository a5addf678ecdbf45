// What every MCP tool is made of: a name, what it does, its input and output schemas (the same
// TypeBox shapes as the REST routes) and a run function over the caller's workbook. Inputs are
// checked against their schema before a tool runs; failures come back as tool errors whose text
// names the field, cell or sheet, never as protocol errors, so an agent can read and fix them.
import { Compile } from 'typebox/compile';
import type { Static, TSchema } from 'typebox';
import type { AgentService } from '../agent/index.js';
import type { WorkbookHandle } from '../core/index.js';

/** What a tool may reach: the caller's workbook, and how to name the changes it makes. */
export interface ToolContext {
  readonly handle: () => Promise<WorkbookHandle>;
  /** Recorded with each change (the undo history and the commit log name it). */
  readonly actor: string;
  readonly evalBudgetMs: number;
  /** GRIDBOOK_MAX_WRITE_CELLS. */
  readonly maxWriteCells: number;
  readonly newChartId: () => string;
  /**
   * The built-in agent, with the keys the server holds (the caller's own in SaaS, looked up only
   * when a tool needs the agent).
   */
  readonly agent: () => Promise<AgentService>;
}

export interface McpTool<Input extends TSchema = TSchema, Output extends TSchema = TSchema> {
  readonly name: string;
  readonly description: string;
  readonly input: Input;
  readonly output: Output;
  /** Marks tools that never change the workbook (clients may run them without asking). */
  readonly readOnly: boolean;
  run(input: Static<Input>, context: ToolContext): Promise<Static<Output>>;
}

export function defineTool<Input extends TSchema, Output extends TSchema>(
  tool: McpTool<Input, Output>,
): McpTool {
  return tool as unknown as McpTool;
}

export interface ToolResult {
  [key: string]: unknown;
  readonly content: { type: 'text'; text: string }[];
  readonly structuredContent?: Record<string, unknown>;
  readonly isError?: boolean;
}

const validators = new WeakMap<TSchema, ReturnType<typeof Compile>>();

function validatorOf(schema: TSchema): ReturnType<typeof Compile> {
  let validator = validators.get(schema);
  if (validator === undefined) {
    validator = Compile(schema);
    validators.set(schema, validator);
  }
  return validator;
}

/** "values/0/1: must be string, number, boolean or null" — the first problems, by field. */
export function inputProblems(schema: TSchema, input: unknown): string | undefined {
  const validator = validatorOf(schema);
  if (validator.Check(input)) return undefined;
  return validator
    .Errors(input)
    .slice(0, 3)
    .map((error) => `${error.instancePath.replace(/^\//, '') || 'arguments'}: ${error.message}`)
    .join('; ');
}

export function toolError(text: string): ToolResult {
  return { content: [{ type: 'text', text }], isError: true };
}

const BUILT_IN_ERRORS: ReadonlySet<string> = new Set([
  'Error',
  'TypeError',
  'RangeError',
  'ReferenceError',
  'SyntaxError',
  'EvalError',
  'URIError',
]);

/**
 * The text an agent sees for a failed tool call. The workbook's own errors say what was wrong and
 * how to fix it; anything else is a defect of ours whose details stay in the server log.
 */
export function errorText(error: unknown): string | undefined {
  if (!(error instanceof Error) || BUILT_IN_ERRORS.has(error.constructor.name)) return undefined;
  return error.message;
}

export function toolSuccess(output: unknown): ToolResult {
  return {
    content: [{ type: 'text', text: JSON.stringify(output) }],
    structuredContent: output as Record<string, unknown>,
  };
}
