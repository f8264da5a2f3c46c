// The engines the peers bench runs, by name: each one's label and world factory, and which
// settings, scenes and rounds it runs. The slowest, stock cannon-es and Rapier's deterministic
// build, are there for scale, not for the goal: they run with their own sleeping only and in the
// first round only, and stock cannon-es (its n² broadphase) the pyramid only — on a loaded two-core
// machine its 300 steps took over 20 minutes.

import { cannonWorld } from './cannonWorld';
import { havokWorld } from './havokWorld';
import { joltWorld } from './joltWorld';
import type { PeerScene, PeerSceneId } from './peerScene';
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
  /** Only these scenes (default: every scene). */
  scenes?: readonly PeerSceneId[];
  /** Runs in the first round only (default: every round). */
  once?: boolean;
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
    once: true,
    create: (scene, setting) => rapierWorld('rapier-deterministic', scene, setting),
  },
  'cannon-es': {
    label: 'cannon-es 0.20 stock (JS)',
    settings: SLEEPING,
    scenes: ['pyramid'],
    once: true,
    create: cannonWorld,
  },
};

export function isPeerEngine(name: string): name is PeerEngine {
  return (PEER_ENGINES as readonly string[]).includes(name);
}
