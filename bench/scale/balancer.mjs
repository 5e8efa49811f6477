/**
 * The scale bench's one address (bench/scale/run.mjs), in a process of its own so that piping every
 * reconnected phone does not share the bench's event loop: the tests' TCP balancer
 * (apps/server/test/balancer.ts), round robin per connection, skipping a process that refuses.
 * BACKENDS = comma-separated `http://host:port`; prints "balancer ready <url>"; answers
 * {type:'status'} with the connections open per backend.
 */
import { tsImport } from 'tsx/esm/api';

const { startBalancer } = await tsImport('../../apps/server/test/balancer.ts', import.meta.url);
const balancer = await startBalancer(process.env.BACKENDS.split(','), { pick: 'round-robin' });
process.on('message', (message) => {
  if (message.type === 'status') process.send({ type: 'status', id: message.id, open: [...balancer.open] });
});
process.on('disconnect', () => process.exit(0));
console.log(`balancer ready ${balancer.url}`);
