import Fastify from 'fastify';

/** A bare Fastify hello-world: the yardstick the API's figures are compared with. */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
await app.listen({ port: Number(process.env.PORT ?? 3901), host: '127.0.0.1' });
process.send?.('ready');
