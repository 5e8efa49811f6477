// temporary: s3rver on 4569 and a TCP balancer on 3300 in front of 3301/3302 (customer check)
import { tsImport } from 'tsx/esm/api';
const { startTestBucket } = await tsImport('../apps/server/test/s3-server.ts', import.meta.url);
const { startTcpBalancer, backendOf } = await tsImport('../apps/server/test/tcp-balancer.ts', import.meta.url);
const bucket = await startTestBucket('escudo-demo');
console.log('bucket', JSON.stringify(bucket.env));
const balancer = await startTcpBalancer(['http://127.0.0.1:3301', 'http://127.0.0.1:3302'].map(backendOf), 3300);
console.log('balancer', balancer.url);
setInterval(() => console.log('connections per backend', JSON.stringify(balancer.connections.reduce((a, i) => ((a[i] = (a[i] ?? 0) + 1), a), {}))), 30000);
