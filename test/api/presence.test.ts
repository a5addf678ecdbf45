// POST /presence and the `presence` event (RT-02), over real sockets: a follower's selection
// reaches the workbook's other followers on GET /events and not its own client; a follower that
// opens later hears the selections standing; DELETE takes one down at once (presence_left); bad
// input is refused with a detail naming the field.
import { afterEach, describe, expect, it } from 'vitest';
import { api } from '../support/api.js';
import { EventReader } from '../support/event-reader.js';
import { startApp, type RunningApp } from '../support/start-app.js';

let running: RunningApp | undefined;
const readers: EventReader[] = [];
afterEach(async () => {
  for (const reader of readers.splice(0)) reader.close();
  await running?.close();
  running = undefined;
});

/** A browser: its client id on every request, and its stream of events (hello already read). */
async function browser(client: string) {
  running ??= await startApp();
  const headers = { 'x-gridbook-client': client };
  const events = await EventReader.open(`${running.url}/events`, headers);
  readers.push(events);
  const [hello] = await events.next();
  expect(hello!.event).toBe('hello');
  return { http: api(running.url, headers), events };
}

describe('POST /presence', () => {
  it("[RT-02] reaches the other followers as a presence event with a label, not the sender's own stream", async () => {
    const ada = await browser('ada-browser');
    const bob = await browser('bob-browser');

    const sent = await ada.http.post('/presence', { sheet: 'Sheet1', range: 'c4:b2' });
    expect(sent.status).toBe(200);
    expect(sent.body).toEqual({ status: 'Success' });
    const [seen] = await bob.events.next();
    expect(seen!.event).toBe('presence');
    expect(seen!.id).toBeUndefined();
    expect(seen!.data).toEqual({
      peer: expect.stringMatching(/^[0-9a-f]{16}$/),
      user: expect.stringMatching(/^Guest [0-9a-f]{4}$/),
      sheet: 'Sheet1',
      range: 'B2:C4',
    });
    // The client id itself is never told to the others.
    expect(JSON.stringify(seen!.data)).not.toContain('ada-browser');

    // Bob answers; the first event Ada's stream carries is Bob's: her own was not sent back.
    expect((await bob.http.post('/presence', { sheet: 'Sheet1', range: 'E5' })).status).toBe(200);
    const [toAda] = await ada.events.next();
    expect(toAda!.data).toMatchObject({ sheet: 'Sheet1', range: 'E5' });
    expect(toAda!.data.peer).not.toBe(seen!.data.peer);
  });

  it('[RT-02] a follower that opens later hears the selections standing, its own left out', async () => {
    const ada = await browser('ada-browser');
    await ada.http.post('/presence', { sheet: 'Sheet1', range: 'A1' });
    const bob = await browser('bob-browser');
    expect(await bob.events.next()).toMatchObject([
      { event: 'presence', data: { sheet: 'Sheet1', range: 'A1' } },
    ]);
    await bob.http.post('/presence', { sheet: 'Sheet1', range: 'B1' });
    // A second stream of Ada's browser (another tab) hears Bob's standing selection only.
    const adaAgain = await EventReader.open(`${running!.url}/events`, {
      'x-gridbook-client': 'ada-browser',
    });
    readers.push(adaAgain);
    const [, standing] = await adaAgain.next(2);
    expect(standing).toMatchObject({ event: 'presence', data: { range: 'B1' } });
    await bob.http.post('/presence', { sheet: 'Sheet1', range: 'B2' });
    expect((await adaAgain.next())[0]!.data).toMatchObject({ range: 'B2' });
  });

  it('[RT-02] bad input is refused with a detail naming the field, and nothing is published', async () => {
    const ada = await browser('ada-browser');
    const bob = await browser('bob-browser');
    const refusals: [unknown, number, RegExp][] = [
      [{ sheet: 'Sheet1' }, 422, /range/],
      [{ range: 'A1' }, 422, /sheet/],
      [{ sheet: '', range: 'A1' }, 422, /sheet/],
      [{ sheet: 'Sheet1', range: 'A1:B2:C3' }, 400, /^range: /],
      [{ sheet: 'Sheet1', range: 'Sheet1!A1' }, 400, /^range: /],
      [{ sheet: 'Sheet1', range: 'A'.repeat(40) }, 422, /range/],
      [{ sheet: 'x'.repeat(201), range: 'A1' }, 422, /sheet/],
      [{ sheet: 'Budget', range: 'A1' }, 404, /^sheet: sheet "Budget" does not exist/],
    ];
    for (const [body, status, detail] of refusals) {
      const response = await ada.http.post('/presence', body);
      expect({ body, status: response.status }).toEqual({ body, status });
      expect(response.body.detail).toMatch(detail);
    }
    const anonymous = await api(running!.url).post('/presence', { sheet: 'Sheet1', range: 'A1' });
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.detail).toMatch(/X-Gridbook-Client/);

    // None of them reached Bob: the first presence he hears is the valid one sent after them.
    await ada.http.post('/presence', { sheet: 'Sheet1', range: 'D4' });
    expect((await bob.events.next())[0]!.data).toMatchObject({ range: 'D4' });
  });

  it('[RT-02] names the sheet as the workbook does, whatever case the page sent', async () => {
    const ada = await browser('ada-browser');
    const bob = await browser('bob-browser');
    expect((await ada.http.post('/presence', { sheet: 'SHEET1', range: 'A1' })).status).toBe(200);
    expect((await bob.events.next())[0]!.data).toMatchObject({ sheet: 'Sheet1', range: 'A1' });
  });

  it('[RT-02] DELETE takes the selection down at once: the others hear presence_left, a newcomer nothing', async () => {
    const ada = await browser('ada-browser');
    const bob = await browser('bob-browser');
    await ada.http.post('/presence', { sheet: 'Sheet1', range: 'C3' });
    const [selected] = await bob.events.next();
    const left = await ada.http.request('DELETE', '/presence');
    expect(left.status).toBe(200);
    expect(left.body).toEqual({ status: 'Success' });
    const [gone] = await bob.events.next();
    expect(gone).toMatchObject({ event: 'presence_left', data: { peer: selected!.data.peer } });
    expect(gone!.id).toBeUndefined();

    // Leaving again tells nobody; Bob's next event is Ada's next selection. A newcomer hears it
    // alone: the departed one is not standing.
    expect((await ada.http.request('DELETE', '/presence')).status).toBe(200);
    await ada.http.post('/presence', { sheet: 'Sheet1', range: 'D4' });
    expect((await bob.events.next())[0]).toMatchObject({
      event: 'presence',
      data: { range: 'D4' },
    });
    await ada.http.request('DELETE', '/presence');
    const cy = await browser('cy-browser');
    await bob.http.post('/presence', { sheet: 'Sheet1', range: 'E5' });
    expect((await cy.events.next())[0]).toMatchObject({ event: 'presence', data: { range: 'E5' } });

    const anonymous = await api(running!.url).request('DELETE', '/presence');
    expect(anonymous.status).toBe(400);
    expect(anonymous.body.detail).toMatch(/X-Gridbook-Client/);
  });

  it('is in the OpenAPI document with its request schema', async () => {
    running = await startApp();
    const document = (await running.http.get('/openapi.json')).body;
    const operation = document.paths['/presence'].post;
    const schema = operation.requestBody.content['application/json'].schema;
    expect(schema.required).toEqual(expect.arrayContaining(['sheet', 'range']));
  });
});
