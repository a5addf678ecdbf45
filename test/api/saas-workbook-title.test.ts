// SaaS: a workbook's title in the list is its name (workbook_name): created, retitled, renamed,
// undone and redone together; an editor may rename it; a name refused by either changes neither.
import { describe, expect, it } from 'vitest';
import type { Api } from '../support/index.js';
import { startSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

useTestDatabaseForFile();

const patch = (client: Api, path: string, body: unknown) =>
  client.request('PATCH', path, { body: JSON.stringify(body), contentType: 'application/json' });

async function titleOf(client: Api, id: string): Promise<string | undefined> {
  const list = await client.get('/workbooks');
  expect(list.status).toBe(200);
  return (list.body.workbooks as { id: string; title: string }[]).find((w) => w.id === id)?.title;
}

async function nameOf(client: Api): Promise<string> {
  const workbook = await client.get('/api/workbook');
  expect(workbook.status).toBe(200);
  return workbook.body.workbook_name as string;
}

describe(`SaaS workbook title is its name on ${TEST_DATABASE_KIND}`, () => {
  it('create, PATCH, rename, undo and redo keep the title and workbook_name one name', async () => {
    const server = await startSaasApp();
    try {
      const ada = await server.signUp('ada@example.com');
      const list = server.as(ada.token);
      const created = await list.post('/workbooks', { title: '  Q3 plan  ' });
      expect(created.status).toBe(200);
      expect(created.body.workbook.title).toBe('Q3 plan');
      const id = created.body.workbook.id as string;
      const inIt = server.as(ada.token, { 'x-workbook-id': id });

      // Created with a title: the page opens on that name, and naming it is no undo step.
      expect(await nameOf(inIt)).toBe('Q3 plan');
      expect((await inIt.get('/api/workbook')).body.can_undo).toBe(false);
      // Without one: the default name in both places.
      const plain = (await list.post('/workbooks', {})).body.workbook.id as string;
      expect(await titleOf(list, plain)).toBe('Untitled workbook');
      expect(await nameOf(server.as(ada.token, { 'x-workbook-id': plain }))).toBe(
        'Untitled workbook',
      );

      // PATCH the title: the workbook's name follows.
      const retitled = await patch(list, `/workbooks/${id}`, { title: 'Q4 plan ' });
      expect(retitled.status).toBe(200);
      expect(retitled.body.workbook.title).toBe('Q4 plan');
      expect(await nameOf(inIt)).toBe('Q4 plan');

      // Rename in the page: the list follows.
      const renamed = await inIt.post('/workbook/rename', { name: 'Budget 2027' });
      expect(renamed.status).toBe(200);
      expect(renamed.body.workbook_name).toBe('Budget 2027');
      expect(await titleOf(list, id)).toBe('Budget 2027');

      // Undo and redo of the rename move the title with the name.
      expect((await inIt.post('/workbook/undo', {})).body.workbook_name).toBe('Q4 plan');
      expect(await titleOf(list, id)).toBe('Q4 plan');
      expect((await inIt.post('/workbook/redo', {})).body.workbook_name).toBe('Budget 2027');
      expect(await titleOf(list, id)).toBe('Budget 2027');

      // An import that brings another name renames the workbook: the title follows, and back
      // with its undo.
      const exported = (await inIt.get('/system/export')).body as Record<string, unknown>;
      const imported = await inIt.post('/system/import', {
        ...exported,
        workbook_name: 'Imported plan',
      });
      expect(imported.status, imported.text).toBe(200);
      expect(await titleOf(list, id)).toBe('Imported plan');
      expect((await inIt.post('/workbook/undo', {})).body.workbook_name).toBe('Budget 2027');
      expect(await titleOf(list, id)).toBe('Budget 2027');

      // The other workbook was not touched.
      expect(await titleOf(list, plain)).toBe('Untitled workbook');
    } finally {
      await server.close();
    }
  });

  it('an editor may rename the workbook (the title follows) but not PATCH the list; a stranger neither', async () => {
    const server = await startSaasApp();
    try {
      const owner = await server.signUp('owner@example.com');
      const editor = await server.signUp('editor@example.com');
      const stranger = await server.signUp('stranger@example.com');
      const asOwner = server.as(owner.token);
      const id = (await asOwner.post('/workbooks', { title: 'Shared' })).body.workbook.id as string;
      const invited = await asOwner.post(`/workbook/${id}/collaborators`, {
        email: 'editor@example.com',
      });
      expect(invited.status).toBe(200);
      const asEditor = server.as(editor.token, { 'x-workbook-id': id });
      expect(await nameOf(asEditor)).toBe('Shared');

      const renamed = await asEditor.post('/workbook/rename', { name: 'Team plan' });
      expect(renamed.status).toBe(200);
      expect(await titleOf(asOwner, id)).toBe('Team plan');
      const shared = (await server.as(editor.token).get('/workbook/shared-with-me')).body
        .workbooks as { id: string; title: string }[];
      expect(shared.find((w) => w.id === id)?.title).toBe('Team plan');

      // PATCH stays the owner's: the editor is refused and nothing changes.
      const refused = await patch(server.as(editor.token), `/workbooks/${id}`, { title: 'Mine' });
      expect(refused.status).toBe(403);
      expect(await titleOf(asOwner, id)).toBe('Team plan');
      expect(await nameOf(asEditor)).toBe('Team plan');

      // A stranger can do neither, and learns nothing.
      const asStranger = server.as(stranger.token, { 'x-workbook-id': id });
      expect((await asStranger.post('/workbook/rename', { name: 'Gotcha' })).status).toBe(404);
      expect(
        (await patch(server.as(stranger.token), `/workbooks/${id}`, { title: 'x' })).status,
      ).toBe(404);
      expect(await titleOf(asOwner, id)).toBe('Team plan');
      expect(await nameOf(asEditor)).toBe('Team plan');
    } finally {
      await server.close();
    }
  });

  it('a name too long (or empty) for either is refused naming its field, and neither changes', async () => {
    const server = await startSaasApp();
    try {
      const ada = await server.signUp('ada@example.com');
      const list = server.as(ada.token);
      const id = (await list.post('/workbooks', { title: 'Kept' })).body.workbook.id as string;
      const inIt = server.as(ada.token, { 'x-workbook-id': id });
      const long = 'x'.repeat(121);

      // 121 characters: within the old 200-character title limit, past the name's 120.
      const tooLongTitle = await patch(list, `/workbooks/${id}`, { title: long });
      expect(tooLongTitle.status).toBe(400);
      expect(tooLongTitle.body.detail).toMatch(/^title: .*120/);
      const tooLongName = await inIt.post('/workbook/rename', { name: long });
      expect(tooLongName.status).toBe(400);
      expect(tooLongName.body.detail).toMatch(/^name: .*120/);
      const blank = await patch(list, `/workbooks/${id}`, { title: '   ' });
      expect(blank.status).toBe(400);
      expect(blank.body.detail).toMatch(/^title:/);
      const created = await list.post('/workbooks', { title: long });
      expect(created.status).toBe(400);
      expect(created.body.detail).toMatch(/^title: .*120/);

      expect(await titleOf(list, id)).toBe('Kept');
      expect(await nameOf(inIt)).toBe('Kept');
      expect((await list.get('/workbooks')).body.workbooks).toHaveLength(2); // Kept and the default
      expect((await inIt.get('/api/workbook')).body.can_undo).toBe(false);

      // Exactly 120 characters, with spaces around: accepted by both, trimmed alike.
      const limit = 'y'.repeat(120);
      expect((await patch(list, `/workbooks/${id}`, { title: ` ${limit} ` })).status).toBe(200);
      expect(await nameOf(inIt)).toBe(limit);
      expect(await titleOf(list, id)).toBe(limit);
    } finally {
      await server.close();
    }
  });
});
