// SaaS collaborators (spec §3, §4, §7): invites active or pending, promotion at sign-up,
// editors read and write, owner-only management, revocation at once, shared-with-me.
import { describe, expect, it } from 'vitest';
import type { Api } from '../support/index.js';
import { startSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

useTestDatabaseForFile();

const del = (client: Api, path: string) => client.request('DELETE', path);

async function a1(client: Api): Promise<unknown> {
  const response = await client.post('/eval', { formulas: [{ cell: 'Z1', formula: '=A1' }] });
  return response.status === 200 ? response.body.results[0].result : response.status;
}

describe(`SaaS collaborators on ${TEST_DATABASE_KIND}`, () => {
  it('invite, edit together, pending promotion at sign-up, owner-only management, revoke at once, shared-with-me', async () => {
    const server = await startSaasApp();
    try {
      const owner = await server.signUp('owner@example.com');
      const editor = await server.signUp('editor@example.com');
      const stranger = await server.signUp('stranger@example.com');
      const id = (await server.as(owner.token).post('/workbooks', { title: 'Shared' })).body
        .workbook.id as string;
      const path = `/workbook/${id}/collaborators`;
      const asOwner = server.as(owner.token);

      for (const [body, detail] of [
        [{ email: 'editor@example.com', role: 'viewer' }, /only "editor"/],
        [{ email: ' OWNER@example.com ' }, /Cannot invite yourself/],
        [{ email: 'not-an-email' }, /^email:/],
      ] as const) {
        const refused = await asOwner.post(path, body);
        expect(refused.status).toBe(400);
        expect(refused.body.detail).toMatch(detail);
      }

      const active = await asOwner.post(path, { email: '  Editor@Example.COM ' });
      expect(active.body).toEqual({
        ok: true,
        collaborator: {
          kind: 'active',
          user_id: editor.userId,
          email: 'editor@example.com',
          role: 'editor',
        },
      });
      const pending = await asOwner.post(path, { email: 'Later@Example.com' });
      expect(pending.body.collaborator).toMatchObject({
        kind: 'pending',
        email: 'later@example.com',
        role: 'editor',
      });

      const asEditor = server.as(editor.token, { 'x-workbook-id': id });
      await asEditor.post('/grid/cell', { cell: 'A1', value: '5' });
      await server
        .as(owner.token, { 'x-workbook-id': id })
        .post('/grid/cell', { cell: 'A2', value: '6' });
      expect(await a1(server.as(owner.token, { 'x-workbook-id': id }))).toBe(5);

      expect((await server.as(editor.token).get(path)).status).toBe(403);
      expect((await server.as(editor.token).post(path, { email: 'x@example.com' })).status).toBe(
        403,
      );
      expect((await server.as(stranger.token).get(path)).status).toBe(404);
      expect((await server.as(stranger.token).post(path, { email: 'x@example.com' })).status).toBe(
        404,
      );
      expect(await a1(server.as(stranger.token, { 'x-workbook-id': id }))).toBe(404);

      const later = await server.signUp('later@example.com');
      expect(await a1(server.as(later.token, { 'x-workbook-id': id }))).toBe(5);
      const listed = (await asOwner.get(path)).body.collaborators;
      expect(
        listed.map((entry: { kind: string; email: string }) => [entry.kind, entry.email]),
      ).toEqual([
        ['active', 'editor@example.com'],
        ['active', 'later@example.com'],
      ]);
      expect(listed[1].accepted_at).toEqual(expect.any(String));

      const shared = await server.as(editor.token).get('/workbook/shared-with-me');
      expect(shared.body.workbooks).toEqual([
        expect.objectContaining({
          id,
          title: 'Shared',
          owner_email: 'owner@example.com',
          role: 'editor',
        }),
      ]);
      expect((await asOwner.get('/workbook/shared-with-me')).body.workbooks).toEqual([]);

      const invite = (await asOwner.post(path, { email: 'ghost@example.com' })).body.collaborator;
      expect((await del(asOwner, `/workbook/${id}/pending-invites/${invite.id}`)).status).toBe(200);
      expect(
        (await asOwner.get(path)).body.collaborators.some(
          (entry: { email: string }) => entry.email === 'ghost@example.com',
        ),
      ).toBe(false);

      expect((await del(asOwner, `${path}/${editor.userId}`)).status).toBe(200);
      expect(await a1(asEditor)).toBe(404);
      expect(
        (await server.as(editor.token).get('/workbook/shared-with-me')).body.workbooks,
      ).toEqual([]);
    } finally {
      await server.close();
    }
  });

  it('a workbook deleted while its editor writes: each write is stored before the deletion or answers 404, none 503, and nothing is left behind', async () => {
    const server = await startSaasApp();
    try {
      const owner = await server.signUp('deleting-owner@example.com');
      const editor = await server.signUp('busy-editor@example.com');
      const id = (await server.as(owner.token).post('/workbooks', { title: 'Going' })).body.workbook
        .id as string;
      await server.as(owner.token).post(`/workbook/${id}/collaborators`, {
        email: 'busy-editor@example.com',
      });
      const asEditor = server.as(editor.token, { 'x-workbook-id': id });
      expect((await asEditor.post('/grid/cell', { cell: 'A1', value: '1' })).status).toBe(200);
      const writes = Array.from({ length: 30 }, (_, row) =>
        asEditor.post('/grid/cell', { cell: `B${row + 1}`, value: String(row) }),
      );
      const deletion = del(server.as(owner.token), `/workbooks/${id}`);
      const answers = await Promise.all(writes);
      expect((await deletion).status).toBe(200);
      const statuses = new Set(answers.map((answer) => answer.status));
      expect([...statuses].filter((status) => status !== 200 && status !== 404)).toEqual([]);
      for (const table of ['workbook_commits', 'workbook_snapshots', 'workbook_heads']) {
        const { rows } = await server.database.database.query(
          `SELECT count(*)::int AS n FROM ${table} WHERE workbook_id = $1`,
          [id],
        );
        expect({ table, rows: rows[0] }).toEqual({ table, rows: { n: 0 } });
      }
      expect((await asEditor.post('/grid/cell', { cell: 'C1', value: '1' })).status).toBe(404);
    } finally {
      await server.close();
    }
  });
});
