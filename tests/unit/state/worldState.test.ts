// A saved state continues exactly as the run it was saved from: the same hash at every later
// step, in every scene, saved at seeded random steps (mid-collision, mid-drag, with bodies asleep,
// after the state guard removed a body), loaded into a fresh world (other cannon-es ids) and into
// a used one, through JSON text.

import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../../src/app/simulation';
import { StateHasher } from '../../../src/state/stateHasher';
import { CommandQueue } from '../../../src/physics/world/commands';
import { PhysicsWorld } from '../../../src/physics/world/physicsWorld';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';
import { findScene } from '../../../src/scenes/registry';
import { SCENES } from '../../../src/scenes/registry';
import { encodeFloats } from '../../../src/state/fields';
import { parseState } from '../../../src/state/stateSchema';
import type { SavedState } from '../../../src/state/stateSchema';
import { captureState, restoreState } from '../../../src/state/worldState';
import { Rng } from '../../../src/util/rng';
import { localSim } from '../physicsHost/host/localSim';
import type { LocalSim } from '../physicsHost/host/localSim';

/** Steps run in all; states are saved before step DRAG_START, inside the drag, and at random. */
const STEPS = 420;
const DRAG_START = 60;
const DRAG_END = 150;
const GUARD_SPAWN = 90;

/**
 * Small counts: every scene's physics, a few seconds of it, in a unit test. The stack's 33 ends
 * on a course of bricks lying along x: removing the first brick moves the last into slot 0, and
 * those bricks' equal bounds along the broadphase axis make their pair order matter.
 */
const COUNTS: Record<string, number> = {
  pile: 60,
  rain: 100,
  tower: 100,
  avalanche: 100,
  stack: 33,
  pyramid: 4,
};

/**
 * Inputs given live at the boundary before `step`: a throw, a spawn the state guard removes (a
 * velocity past the edge of the world), a removal, a teleport, and a mouse drag whose target
 * moves every step.
 */
function liveInputs({ sim, core }: LocalSim, step: number): void {
  const physics = core.physics;
  // Removing the first body moves the last into its slot: a world rebuilt in slot order then
  // lists bodies in another order than this one, and the broadphase keeps ties (bodies aligned
  // along its axis, as the stack's bricks are) in list order — unless the order is restored.
  // (The carousel's mover stays: the hook that drives it must be restored too.)
  if (step === 0 && physics.makes[0]?.kinematic === false) {
    sim.queue({ type: 'remove', id: physics.idAt(0) });
  }
  if (step === 20) {
    sim.queue({
      type: 'spawn',
      spec: {
        kind: 'sphere',
        scale: [0.3, 0.3, 0.3],
        position: [-6, 3, 0],
        velocity: [14, 2, -0.5],
      },
    });
  }
  if (step === 45 && physics.count > 3) sim.queue({ type: 'remove', id: physics.idAt(2) });
  if (step === DRAG_START) {
    const index = physics.count - 1;
    const body = physics.bodies[index];
    if (body) {
      const p = body.position;
      sim.queue({ type: 'dragStart', id: physics.idAt(index), point: [p.x, p.y + 0.1, p.z] });
    }
  }
  if (step > DRAG_START && step < DRAG_END) {
    const t = (step - DRAG_START) / 30;
    core.commands.setDragTarget([Math.sin(t) * 2, 3 + Math.cos(t), -0]);
  }
  if (step === DRAG_END) sim.queue({ type: 'dragEnd' });
  if (step === GUARD_SPAWN) {
    sim.queue({
      type: 'spawn',
      spec: { kind: 'box', scale: [0.2, 0.2, 0.2], position: [0, 4, 0], velocity: [1e308, 0, 0] },
    });
  }
  if (step === 200 && physics.count > 6) {
    sim.queue({
      type: 'teleport',
      id: physics.idAt(5),
      position: [1, 6, -1],
      quaternion: [0, 0.6, 0, 0.8],
    });
  }
}

/** Commands queued at load for later steps: a saved state must carry them while they wait. */
function queueAhead(sim: Simulation): void {
  sim.queue(
    { type: 'spawn', spec: { kind: 'gem', scale: [0.5, 0.5, 0.5], position: [0.5, 9, 0.25] } },
    240,
  );
  sim.queue(
    { type: 'spawn', spec: { kind: 'dumbbell', scale: [1, 1, 1], position: [-1, 7, 0] } },
    300,
  );
}

function through(state: SavedState): unknown {
  return JSON.parse(JSON.stringify(encodeFloats(state)));
}

interface Reference {
  hashes: string[];
  states: Map<number, SavedState>;
  final: SavedState;
}

function reference(
  sceneId: string,
  count: number | undefined,
  saveAt: readonly number[],
): Reference {
  const local = localSim(sceneId, { count });
  const { sim, core } = local;
  queueAhead(sim);
  const hashes: string[] = [sim.host.bodies.hash()];
  const states = new Map<number, SavedState>();
  for (let step = 0; step < STEPS; step++) {
    if (saveAt.includes(step)) states.set(step, core.saveState());
    liveInputs(local, step);
    sim.singleStep();
    hashes.push(sim.host.bodies.hash());
  }
  return { hashes, states, final: core.saveState() };
}

/** Continues `sim` from its step to STEPS with the same live inputs; the hash after each step. */
function continueRun(local: LocalSim): string[] {
  const { sim, core } = local;
  const hashes: string[] = [];
  for (let step = core.physics.stepIndex; step < STEPS; step++) {
    liveInputs(local, step);
    sim.singleStep();
    hashes.push(sim.host.bodies.hash());
  }
  return hashes;
}

function expectSameFuture(ref: Reference, local: LocalSim, from: number, label: string): void {
  const { sim, core } = local;
  expect(sim.host.bodies.hash(), `${label}: hash right after loading`).toBe(ref.hashes[from]);
  const hashes = continueRun(local);
  for (let k = 0; k < hashes.length; k++) {
    expect(hashes[k], `${label}: step ${from + k + 1}`).toBe(ref.hashes[from + k + 1]);
  }
  // Beyond the hash (poses and velocities): sleep timers, forces, order, ids, springs, drag.
  expect(core.saveState(), `${label}: whole state at the end`).toEqual(ref.final);
}

describe('saved state: the same future at every later step', () => {
  for (const scene of SCENES) {
    it(`${scene.id}: saved mid-drag, before it, after a guard removal and at random steps`, () => {
      const rng = new Rng(0x5a7e ^ scene.id.length);
      const saveAt = [
        3,
        DRAG_START,
        DRAG_START + 25,
        GUARD_SPAWN + 1,
        rng.int(1, 380),
        rng.int(150, 400),
      ];
      const ref = reference(scene.id, COUNTS[scene.id], saveAt);
      const used = localSim('stack');
      for (const step of saveAt) {
        const state = ref.states.get(step);
        if (!state) throw new Error(`no state at ${step}`);
        const fresh = localSim('playground');
        void fresh.sim.timeline.loadState(through(state));
        expectSameFuture(ref, fresh, step, `${scene.id} saved at ${step}, fresh world`);
        // A world that has run (and dragged: its drag anchor is in the world) loads it too.
        if (step !== DRAG_START + 25 && step !== GUARD_SPAWN + 1) continue;
        void used.sim.timeline.loadState(JSON.stringify(encodeFloats(state)));
        expectSameFuture(ref, used, step, `${scene.id} saved at ${step}, used world`);
      }
    });
  }
});

describe('the body list order, with the broadphase that pairs in it', () => {
  it('a naive-broadphase world restored continues the same (its pairs follow the world list)', () => {
    const tuning = { ...DEFAULT_TUNING, broadphase: 'naive' as const };
    const context = { scene: { id: 'stack', count: 33, seed: 1 }, physicsHz: 100 };
    const world = (): { physics: PhysicsWorld; commands: CommandQueue } => {
      const physics = new PhysicsWorld(tuning);
      return { physics, commands: new CommandQueue(physics) };
    };
    const a = world();
    findScene('stack')?.build(a.physics, new Rng(1), 33);
    a.physics.removeBody(0);
    for (let k = 0; k < 3; k++) a.physics.step(0.01);
    const state = captureState(a.physics, a.commands, context);
    const b = world();
    restoreState(b.physics, b.commands, parseState(through(state), tuning));
    const hasher = new StateHasher();
    for (let k = 0; k < 200; k++) {
      a.physics.step(0.01);
      b.physics.step(0.01);
      expect(hasher.hex(b.physics), `step ${k + 4}`).toBe(hasher.hex(a.physics));
    }
  });
});

describe('a scene loaded after another has run', () => {
  it('saves the same state as the scene loaded fresh: nothing of the earlier run (its step count) is carried', async () => {
    const fresh = localSim('pile', { count: 20, seed: 4 });
    const reused = localSim('stack', { seed: 1 });
    for (let f = 0; f < 9; f++) reused.sim.frame(1 / 60);
    expect(reused.core.physics.world.stepnumber).toBeGreaterThan(0);
    await reused.sim.load('pile', { count: 20, seed: 4 });
    expect(reused.core.saveState()).toEqual(fresh.core.saveState());
  });
});
