// SaaS: GET /events follows the workbook the caller names, only one they may open; a
// collaborator's commit reaches the owner's stream; deleting the workbook or revoking access
// ends the stream with `gone`.
import { describe, expect, it } from 'vitest';
import { EventReader } from '../support/event-reader.js';
import { startSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

useTestDatabaseForFile();

describe(`SaaS commit stream on ${TEST_DATABASE_KIND}`, () => {
  it("an editor's write reaches the owner's stream; a stranger gets 404; revoking and deleting end streams with gone", async () => {
    const server = await startSaasApp({ eventCheckMs: 100 });
    const readers: EventReader[] = [];
    const follow = async (token: string, workbookId: string) => {
      const reader = await EventReader.open(`${server.url}/events`, {
        authorization: `Bearer ${token}`,
        'x-workbook-id': workbookId,
      });
      readers.push(reader);
      return reader;
    };
    try {
      const ada = await server.signUp('ada@example.com');
      const bob = await server.signUp('bob@example.com');
      const eve = await server.signUp('eve@example.com');
      const id = (await server.as(ada.token).post('/workbooks', { title: 'Plan' })).body.workbook
        .id as string;
      const invite = await server
        .as(ada.token)
        .post(`/workbook/${id}/collaborators`, { email: 'bob@example.com', role: 'editor' });
      expect(invite.status).toBe(200);

      const adas = await follow(ada.token, id);
      expect(adas.response.status).toBe(200);
      const [hello] = await adas.next();
      expect(hello!.event).toBe('hello');

      const write = await server
        .as(bob.token, { 'x-workbook-id': id })
        .post('/grid/cell', { cell: 'B2', value: '42' });
      expect(write.status).toBe(200);
      const [commit] = await adas.next();
      expect(commit!.data).toMatchObject({
        cells: [{ sheet: 'Sheet1', cells: [{ cell: 'B2', value: 42 }] }],
      });

      // Someone without access learns nothing, not even that it exists.
      const eves = await follow(eve.token, id);
      expect(eves.response.status).toBe(404);
      const missing = await follow(ada.token, '00000000-0000-4000-8000-000000000000');
      expect(missing.response.status).toBe(404);

      // Bob's access is revoked: his open stream ends at the next check.
      const bobs = await follow(bob.token, id);
      await bobs.next();
      const revoke = await server
        .as(ada.token)
        .request('DELETE', `/workbook/${id}/collaborators/${bob.userId}`);
      expect(revoke.status).toBe(200);
      const [bobGone] = await bobs.next();
      expect(bobGone!.event).toBe('gone');
      expect(await bobs.ended()).toBe(true);

      // The owner deletes it: the owner's stream ends too.
      expect((await server.as(ada.token).request('DELETE', `/workbooks/${id}`)).status).toBe(200);
      const [adaGone] = await adas.next();
      expect(adaGone!.event).toBe('gone');
      expect(await adas.ended()).toBe(true);
    } finally {
      for (const reader of readers) reader.close();
      await server.close();
    }
  });
});
