// One engine, one scene, one setting, in a process of its own (`npm run bench -- --peers` starts
// it, bench/peersBench.ts): prints the run's PeerResult as one line of JSON.

import { measurePeer } from './peerMeasure';

const [engine = '', scene = '', setting = ''] = process.argv.slice(2);
console.log(JSON.stringify(await measurePeer(engine, scene, setting)));
