// Touches to the generated OpenAPI document that the route schemas cannot express: a body whose
// fields are all optional is an optional body (POST /workbook/undo is sent bare), and every
// operation gets a stable operationId (method + path) for generated clients.
type Operation = {
  operationId?: string;
  requestBody?: {
    required?: boolean;
    content?: Record<string, { schema?: { required?: unknown[] } }>;
  };
};
type Document = { paths?: Record<string, Record<string, Operation> | undefined> };

const METHODS = new Set(['get', 'put', 'post', 'delete', 'patch', 'head', 'options']);

/** `post` + `/system/charts/{chart_id}` → `postSystemChartsChartId`. */
export function operationIdOf(method: string, path: string): string {
  const words = path.split(/[^A-Za-z0-9]+/).filter((word) => word !== '');
  return method + words.map((word) => word[0]!.toUpperCase() + word.slice(1)).join('');
}

export function finishOpenApiDocument<T extends object>(generated: T): T {
  // The generated types are a union of three OpenAPI versions; only the shared shape is touched.
  const document = generated as Document;
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, operation] of Object.entries(item ?? {})) {
      if (!METHODS.has(method) || typeof operation !== 'object' || operation === null) continue;
      operation.operationId ??= operationIdOf(method, path);
      const body = operation.requestBody;
      const schema = body?.content?.['application/json']?.schema;
      if (body !== undefined && schema !== undefined && (schema.required ?? []).length === 0)
        body.required = false;
    }
  }
  return generated;
}
