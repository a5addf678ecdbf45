// Issue 15's acceptance: 1,000 concurrent versioned writes from 20 clients (the owner and three
// collaborators, each user on several clients) on one shared workbook. Every write is a
// read-modify-write of a counter cell with `expected_versions` (spec §4, §9): it either lands
// (200) or is refused with a 409 naming the cell, and nothing else. No update is lost: every
// counter ends at the number of writes acknowledged on it, and the commit log in the database
// holds exactly the acknowledged writes, each counter going up by one per commit.
import { describe, expect, it } from 'vitest';
import { startSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

const CLIENTS = 20;
const WRITES_PER_CLIENT = 50;
const COUNTERS = ['A1', 'A2', 'A3', 'A4', 'A5'];

useTestDatabaseForFile();

interface CellJson {
  readonly cell: string;
  readonly input: string;
  readonly version: number;
}

describe(`SaaS versioned writes on ${TEST_DATABASE_KIND}`, () => {
  it('1,000 concurrent versioned writes from 20 clients on one shared workbook: every one a 200 or a 409, none lost, the commit log agrees', async () => {
    const server = await startSaasApp();
    try {
      const owner = await server.signUp('owner@example.com');
      const workbookId = (await server.as(owner.token).post('/workbooks', { title: 'Counters' }))
        .body.workbook.id as string;
      const users = [owner];
      for (const name of ['ed', 'flo', 'gus']) {
        const user = await server.signUp(`${name}@example.com`);
        const invited = await server
          .as(owner.token)
          .post(`/workbook/${workbookId}/collaborators`, { email: `${name}@example.com` });
        expect(invited.body.collaborator.kind).toBe('active');
        users.push(user);
      }
      const seeded = await server
        .as(owner.token, { 'x-workbook-id': workbookId })
        .post('/grid/range', { target_cell: 'A1', values: COUNTERS.map(() => [0]) });
      expect(seeded.status).toBe(200);
      const seqBefore = Number(
        (
          await server.database.database.query<{ max: string }>(
            'SELECT max(seq) AS max FROM workbook_commits WHERE workbook_id = $1',
            [workbookId],
          )
        ).rows[0]!.max,
      );

      const acknowledged = new Map(COUNTERS.map((cell) => [cell, 0]));
      const acknowledgedPerClient = new Map<string, number>();
      const unexpected: string[] = [];
      let conflicts = 0;
      const client = async (index: number): Promise<void> => {
        const user = users[index % users.length]!;
        const as = server.as(user.token, {
          'x-workbook-id': workbookId,
          'x-gridbook-client': `client-${index}`,
        });
        for (let attempt = 0; attempt < WRITES_PER_CLIENT; attempt += 1) {
          const cell = COUNTERS[(index + attempt) % COUNTERS.length]!;
          const read = await as.get('/grid', { range: cell });
          const current = (read.body.cells as CellJson[]).find((entry) => entry.cell === cell)!;
          const write = await as.post('/grid/cell', {
            cell,
            value: String(Number(current.input) + 1),
            expected_versions: { [cell]: current.version },
          });
          if (write.status === 200) {
            acknowledged.set(cell, acknowledged.get(cell)! + 1);
            const id = `client-${index}`;
            acknowledgedPerClient.set(id, (acknowledgedPerClient.get(id) ?? 0) + 1);
          } else if (write.status === 409) {
            conflicts += 1;
            if (write.body.cell !== cell || write.body.expected !== current.version)
              unexpected.push(`409 body ${write.text}`);
          } else unexpected.push(`${write.status} ${write.text}`);
        }
      };
      await Promise.all(Array.from({ length: CLIENTS }, (_, index) => client(index)));

      expect(unexpected).toEqual([]);
      const writes = [...acknowledged.values()].reduce((sum, count) => sum + count, 0);
      expect(writes + conflicts).toBe(CLIENTS * WRITES_PER_CLIENT);
      // Concurrency happened (some writes lost the race) and progress was made.
      expect(conflicts).toBeGreaterThan(0);
      expect(writes).toBeGreaterThan(COUNTERS.length);

      // Every counter holds exactly its acknowledged increments: no update was lost.
      const grid = await server
        .as(owner.token, { 'x-workbook-id': workbookId })
        .get('/grid', { range: 'A1:A5' });
      for (const entry of grid.body.cells as CellJson[])
        expect(Number(entry.input), entry.cell).toBe(acknowledged.get(entry.cell));

      // The commit log: one record per acknowledged write, in seq order without gaps, each one
      // setting its counter to one more than the record before it on that cell.
      await (await server.host.handleFor({ userId: owner.userId, workbookId })).settled();
      const { rows } = await server.database.database.query<{ seq: string; record: string }>(
        'SELECT seq, record FROM workbook_commits WHERE workbook_id = $1 AND seq > $2 ORDER BY seq',
        [workbookId, seqBefore],
      );
      expect(rows.map((row) => Number(row.seq))).toEqual(
        Array.from({ length: writes }, (_, index) => seqBefore + 1 + index),
      );
      const last = new Map(COUNTERS.map((cell) => [cell, 0]));
      const perClient = new Map<string, number>();
      for (const row of rows) {
        const record = JSON.parse(row.record) as {
          client?: string;
          ops: { type: string; runs: { row: number; col: number; inputs: unknown[] }[] }[];
        };
        expect(record.ops).toHaveLength(1);
        const [run] = record.ops[0]!.runs;
        expect(run!.col).toBe(0);
        const cell = `A${run!.row + 1}`;
        const value = Number(run!.inputs[0]);
        expect(value, `seq ${row.seq} on ${cell}`).toBe(last.get(cell)! + 1);
        last.set(cell, value);
        perClient.set(record.client!, (perClient.get(record.client!) ?? 0) + 1);
      }
      expect(last).toEqual(acknowledged);
      // Each client's acknowledged writes are in the log under its name, and no other write is.
      expect(perClient).toEqual(acknowledgedPerClient);
    } finally {
      await server.close();
    }
  }, 120_000);
});
