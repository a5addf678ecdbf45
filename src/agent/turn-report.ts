// What a model turn reports besides its reply, for previews and chain steps alike: the tokens it
// used and the read-only tool calls it made before answering.
import type { TokenUsage, ToolUse } from '../contract/index.js';
import type { Completion } from '../providers/index.js';

/** A vendor that omits a count reports 0 for it; the total falls back to input + output. */
export function usageOf(completion: Completion): TokenUsage {
  const input = completion.usage.inputTokens ?? 0;
  const output = completion.usage.outputTokens ?? 0;
  return {
    input_tokens: input,
    output_tokens: output,
    total_tokens: completion.usage.totalTokens ?? input + output,
  };
}

export function toolsUsed(completion: Completion): ToolUse[] {
  return completion.toolCalls.map((call) => ({
    tool: call.tool,
    input: call.input,
    output: call.output,
  }));
}
