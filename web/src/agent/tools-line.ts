// "peek A1:B3, eval, find Total": the read-only tools the model called before it answered, as
// shown on a preview card and on each chain step.
export function toolsLine(uses: readonly { tool: string; input: unknown }[]): string {
  return uses
    .map((use) => {
      const input = use.input as { range?: unknown; query?: unknown } | null;
      const detail = typeof input?.range === 'string' ? input.range : input?.query;
      return typeof detail === 'string' ? `${use.tool} ${detail}` : use.tool;
    })
    .join(', ');
}
