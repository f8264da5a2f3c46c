// One path of the adapter bench in a Node process of its own (adapterStepBench.ts runs it):
// `node --expose-gc --import tsx bench/adapterStepChild.ts <path> bytes|time` prints JSON.

import { measurePath, PATHS } from './adapterStepBench';

const [name = '', what = 'time'] = process.argv.slice(2);
if (!PATHS.includes(name))
  throw new Error(`adapterStepChild: no path ${name}; one of ${PATHS.join(', ')}`);
console.log(`\n${JSON.stringify(await measurePath(name, what === 'bytes'))}`);
