// What the peers bench asks of each engine's world, and how it loads the engines installed in
// this folder (bench/peers/node_modules), by a name TypeScript does not resolve: a fresh clone
// type-checks without them.

import type { PeerScene } from './peerScene';

/** 'awake': every body kept awake; 'sleeping': the engine's own sleeping, as it ships. */
export type PeerSetting = 'awake' | 'sleeping';

/** One engine's world of a scene: stepped at DT, its bodies in the scene's order. */
export interface PeerWorld {
  step(): void;
  /** Body i's centre into out[0..2]. */
  position(i: number, out: Float64Array): void;
  asleep(i: number): boolean;
  /** The engine's settings as used (its defaults but what the bench sets), one line. */
  readonly notes: string;
}

export type PeerFactory = (scene: PeerScene, setting: PeerSetting) => Promise<PeerWorld>;

/** Imports an installed engine by package name (or a path inside one). */
export async function loadPeer(specifier: string): Promise<unknown> {
  const name: string = specifier;
  return (await import(name)) as unknown;
}

/** The default export of an ES or CommonJS module as loaded by loadPeer. */
export function defaultOf(module: unknown): unknown {
  const found = (module as { default?: unknown }).default;
  return found ?? module;
}
