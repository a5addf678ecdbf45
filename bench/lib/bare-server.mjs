// W4's control: a bare Fastify server with Gridbook's server options (no logger, the same body
// limit) and one POST /grid/cell route that only counts. Measured in the same run beside the real
// server, it is the ceiling a durable write is held against, whatever the machine's load.
import Fastify from 'fastify';

const app = Fastify({ logger: false, bodyLimit: 64 * 1024 * 1024 });
let written = 0;
app.get('/healthz', async () => ({ status: 'ok' }));
app.post('/grid/cell', async () => {
  written += 1;
  return { status: 'Success', written };
});
await app.listen({ port: Number(process.env['PORT']), host: '127.0.0.1' });
