// Physics cost per stress scene and body count: world.step ms per step, the snapshot capture
// that follows it, and what that means at 100 Hz (real-time factor), over a window from load.

import { PhysicsWorld } from '../src/physics/physicsWorld';
import { DEFAULT_TUNING } from '../src/physics/tuning';
import type { PhysicsTuning } from '../src/physics/tuning';
import { findScene } from '../src/scenes/registry';
import { Snapshots } from '../src/snapshot/snapshots';
import { Rng } from '../src/util/rng';
import { fixed, formatTable, median } from './report';

export const DT = 1 / 100;

/** A scene built into a fresh world, with the snapshots the app keeps beside it. */
export function buildScene(
  sceneId: string,
  count: number,
  tuning: Readonly<PhysicsTuning> = DEFAULT_TUNING,
): { physics: PhysicsWorld; snapshots: Snapshots } {
  const scene = findScene(sceneId);
  if (!scene) throw new Error(`no scene ${sceneId}`);
  const physics = new PhysicsWorld(tuning);
  scene.build(physics, new Rng(1), count);
  const snapshots = new Snapshots(physics);
  snapshots.captureFresh();
  return { physics, snapshots };
}

export interface PhysicsRun {
  /** Mean ms per world.step over the window: what sets the real-time factor. */
  stepMs: number;
  /**
   * Median µs per snapshot capture. Median, not mean: cannon-es allocates hundreds of KB per
   * step, and the collections that triggers land inside whatever code runs next.
   */
  captureUs: number;
  /** Bodies asleep at the end of the window. */
  asleep: number;
}

/**
 * Captures timed per step: a capture of a sleeping scene takes a microsecond or two, close to
 * the clock's own cost, so each step's is the mean of this many back-to-back captures (each a
 * full capture: the same copies and skips as the first).
 */
const CAPTURES_PER_STEP = 8;

/** Steps a fresh scene through `steps` steps, timing world.step and capture apart. */
export function runScene(sceneId: string, count: number, steps: number): PhysicsRun {
  const { physics, snapshots } = buildScene(sceneId, count);
  let stepMs = 0;
  const captureMs = new Float64Array(steps);
  for (let s = 0; s < steps; s++) {
    const t0 = performance.now();
    physics.step(DT);
    const t1 = performance.now();
    for (let c = 0; c < CAPTURES_PER_STEP; c++) snapshots.capture(DT);
    captureMs[s] = (performance.now() - t1) / CAPTURES_PER_STEP;
    stepMs += t1 - t0;
  }
  return {
    stepMs: stepMs / steps,
    captureUs: 1000 * median(Array.from(captureMs)),
    asleep: physics.sleepingCount(),
  };
}

export interface PhysicsResult {
  scene: string;
  count: number;
  steps: number;
  runs: number;
  stepMs: number;
  captureUs: number;
  asleep: number;
}

/** Median over `runs` fresh runs of the same deterministic scene (the work is identical). */
export function benchPhysics(
  sceneId: string,
  count: number,
  steps: number,
  runs: number,
): PhysicsResult {
  const results: PhysicsRun[] = [];
  for (let r = 0; r < runs; r++) results.push(runScene(sceneId, count, steps));
  return {
    scene: sceneId,
    count,
    steps,
    runs,
    stepMs: median(results.map((r) => r.stepMs)),
    captureUs: median(results.map((r) => r.captureUs)),
    asleep: results[0]?.asleep ?? 0,
  };
}

export function physicsTable(results: readonly PhysicsResult[]): string {
  return formatTable(
    [
      'scene × bodies',
      'world.step ms/step (mean)',
      'real-time factor at 100 Hz',
      'capture µs (median)',
      'capture ÷ world.step',
      'asleep at end',
      'window',
    ],
    results.map((r) => [
      `${r.scene} × ${r.count}`,
      fixed(r.stepMs, 2),
      `${fixed((1000 * DT) / r.stepMs, 2)}×`,
      fixed(r.captureUs, 1),
      `${fixed((100 * r.captureUs) / (1000 * r.stepMs), 2)}%`,
      String(r.asleep),
      `${r.steps} steps × ${r.runs}`,
    ]),
  );
}
