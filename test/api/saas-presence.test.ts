// SaaS presence (RT-02): a collaborator's selection reaches the other collaborators' streams of
// that workbook labelled with the sender's email; someone without access is refused (404, as on
// every workbook endpoint) and a selection on another workbook reaches nobody here. Two server
// processes on one database relay selections to each other's followers.
import { describe, expect, it } from 'vitest';
import { EventReader } from '../support/event-reader.js';
import { startSaasApp } from '../support/start-saas-app.js';
import { TEST_DATABASE_KIND, useTestDatabaseForFile } from '../support/test-database.js';

useTestDatabaseForFile();

describe(`SaaS presence on ${TEST_DATABASE_KIND}`, () => {
  it("[RT-02] a collaborator's selection reaches the owner with their email; a stranger is refused and reaches nobody", async () => {
    const server = await startSaasApp();
    const readers: EventReader[] = [];
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
      const adas = await EventReader.open(`${server.url}/events`, {
        authorization: `Bearer ${ada.token}`,
        'x-workbook-id': id,
        'x-gridbook-client': 'ada-laptop',
      });
      readers.push(adas);
      expect((await adas.next())[0]!.event).toBe('hello');

      const asBob = server.as(bob.token, { 'x-workbook-id': id, 'x-gridbook-client': 'bob-pc' });
      expect((await asBob.post('/presence', { sheet: 'Sheet1', range: 'B2' })).status).toBe(200);
      expect((await adas.next())[0]).toMatchObject({
        event: 'presence',
        data: { user: 'bob@example.com', sheet: 'Sheet1', range: 'B2' },
      });

      // Eve is not a collaborator: refused as if the workbook did not exist.
      const asEve = server.as(eve.token, { 'x-workbook-id': id, 'x-gridbook-client': 'eve-pc' });
      const refused = await asEve.post('/presence', { sheet: 'Sheet1', range: 'Z9' });
      expect(refused.status).toBe(404);
      expect(refused.body.detail).toEqual(expect.any(String));
      // On her own workbook her selection is hers alone.
      const own = server.as(eve.token, { 'x-gridbook-client': 'eve-pc' });
      expect((await own.post('/presence', { sheet: 'Sheet1', range: 'Y8' })).status).toBe(200);

      // Neither reached Ada: the next presence she hears is Bob's next move.
      expect((await asBob.post('/presence', { sheet: 'Sheet1', range: 'C3' })).status).toBe(200);
      expect((await adas.next())[0]!.data).toMatchObject({ user: 'bob@example.com', range: 'C3' });
    } finally {
      for (const reader of readers) reader.close();
      await server.close();
    }
  });

  it('[RT-02] a selection published through one server process reaches a follower on another', async () => {
    const first = await startSaasApp({ follow: true });
    const second = await startSaasApp({ sameDatabaseAs: first, follow: true });
    const readers: EventReader[] = [];
    try {
      const ada = await first.signUp('ada@example.com');
      const bob = await first.signUp('bob@example.com');
      const id = (await first.as(ada.token).post('/workbooks', { title: 'Plan' })).body.workbook
        .id as string;
      await first
        .as(ada.token)
        .post(`/workbook/${id}/collaborators`, { email: 'bob@example.com', role: 'editor' });
      const adas = await EventReader.open(`${first.url}/events`, {
        authorization: `Bearer ${ada.token}`,
        'x-workbook-id': id,
        'x-gridbook-client': 'ada-laptop',
      });
      readers.push(adas);
      expect((await adas.next())[0]!.event).toBe('hello');
      const bobOnSecond = second.as(bob.token, {
        'x-workbook-id': id,
        'x-gridbook-client': 'bob-pc',
      });
      expect((await bobOnSecond.post('/presence', { sheet: 'Sheet1', range: 'D7' })).status).toBe(
        200,
      );
      expect((await adas.next())[0]).toMatchObject({
        event: 'presence',
        data: { user: 'bob@example.com', sheet: 'Sheet1', range: 'D7' },
      });
      // Ada's own selection, published on the first process, is not sent back to her by either.
      const adaOnFirst = first.as(ada.token, {
        'x-workbook-id': id,
        'x-gridbook-client': 'ada-laptop',
      });
      expect((await adaOnFirst.post('/presence', { sheet: 'Sheet1', range: 'A1' })).status).toBe(
        200,
      );
      await bobOnSecond.post('/presence', { sheet: 'Sheet1', range: 'D8' });
      expect((await adas.next())[0]!.data).toMatchObject({ range: 'D8' });
    } finally {
      for (const reader of readers) reader.close();
      await second.close();
      await first.close();
    }
  });
});
