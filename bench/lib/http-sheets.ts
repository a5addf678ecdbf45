// Fresh state over HTTP without restarting the (warmed-up) server: each measured run works on
// a sheet of its own, added before and deleted after, as any client may do.
import type { HttpClient } from './http-client.js';

let counter = 0;

export async function addFreshSheet(client: HttpClient, prefix: string): Promise<string> {
  counter += 1;
  const name = `${prefix}${counter}`;
  await client.json('POST', '/workbook/sheet', { name });
  return name;
}

export async function deleteSheet(client: HttpClient, name: string): Promise<void> {
  await client.json('POST', '/workbook/sheet/delete', { name });
}

export interface PeekJson {
  readonly sheet: string;
  readonly range: string | null;
  readonly rows: (number | string | boolean | null)[][];
}

export function peek(client: HttpClient, sheet: string, range: string): Promise<PeekJson> {
  return client.json<PeekJson>(
    'GET',
    `/peek?sheet=${encodeURIComponent(sheet)}&range=${encodeURIComponent(range)}`,
  );
}
