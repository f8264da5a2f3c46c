// The engines the peers bench runs, by name: each one's label and world factory, and which
// settings it runs (the slowest, stock cannon-es and Rapier's deterministic build, run with their
// own sleeping only: a kept-awake pyramid of theirs costs minutes and no comparison needs it).

import { cannonWorld } from './cannonWorld';
import { havokWorld } from './havokWorld';
import { joltWorld } from './joltWorld';
import type { PeerScene } from './peerScene';
import type { PeerSetting, PeerWorld } from './peerWorld';
import { projectWorld } from './projectWorld';
import { rapierWorld } from './rapierWorld';

export const PEER_ENGINES = [
  'project',
  'jolt',
  'havok',
  'rapier-simd',
  'rapier-deterministic',
  'cannon-es',
] as const;
export type PeerEngine = (typeof PEER_ENGINES)[number];

interface EngineEntry {
  label: string;
  settings: readonly PeerSetting[];
  create(scene: PeerScene, setting: PeerSetting): Promise<PeerWorld>;
}

const BOTH: readonly PeerSetting[] = ['awake', 'sleeping'];
const SLEEPING: readonly PeerSetting[] = ['sleeping'];

export const ENGINES: Record<PeerEngine, EngineEntry> = {
  project: { label: 'this project, default configuration', settings: BOTH, create: projectWorld },
  jolt: { label: 'Jolt 1.1 (WASM, jolt-physics)', settings: BOTH, create: joltWorld },
  havok: { label: 'Havok 1.3.14 (WASM, @babylonjs/havok)', settings: BOTH, create: havokWorld },
  'rapier-simd': {
    label: 'Rapier 0.20 SIMD (WASM)',
    settings: BOTH,
    create: (scene, setting) => rapierWorld('rapier-simd', scene, setting),
  },
  'rapier-deterministic': {
    label: 'Rapier 0.21 deterministic (WASM)',
    settings: SLEEPING,
    create: (scene, setting) => rapierWorld('rapier-deterministic', scene, setting),
  },
  'cannon-es': { label: 'cannon-es 0.20 stock (JS)', settings: SLEEPING, create: cannonWorld },
};

export function isPeerEngine(name: string): name is PeerEngine {
  return (PEER_ENGINES as readonly string[]).includes(name);
}
