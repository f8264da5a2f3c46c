// Files made by other physics say so: a recording made before the restitution pass (committed as
// a fixture) still loads, the page is told it was made by other physics, and its replay reports
// the first step where it parts from them — never a silent wrong replay. Newer files are refused.

import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { PHYSICS_VERSION } from '../../../src/state/physicsVersion';
import { parseRecording } from '../../../src/state/recordingSchema';
import { parseState } from '../../../src/state/stateSchema';
import { DEFAULT_TUNING } from '../../../src/physics/world/tuning';
import { localSim } from '../physicsHost/host/localSim';

/**
 * 200 steps of the playground (12 bricks, seed 7) with a ball thrown down at the ground, recorded
 * under the app's configuration by the physics before the restitution pass: it has no `physics`
 * field. The ball strikes at over 0.5 m/s, so today's physics bounces it otherwise.
 */
const FIXTURE = JSON.parse(
  readFileSync(new URL('./fixtures/recordingPhysics1.json', import.meta.url), 'utf8'),
) as Record<string, unknown>;

describe('a recording made by other physics', () => {
  it('loads as physics 1 (it carries no physics field)', () => {
    expect('physics' in FIXTURE).toBe(false);
    expect(parseRecording(FIXTURE, DEFAULT_TUNING).physics).toBe(1);
    expect(PHYSICS_VERSION).toBeGreaterThan(1);
  });

  it('replays with a notice, and the replay reports the first step where it parts', async () => {
    const { sim } = localSim('playground', { count: 12, seed: 7 });
    await sim.timeline.replay(FIXTURE);
    const notice = sim.timeline.takeNotice();
    expect(notice).toContain(
      `made by other physics (version 1; this build steps with version ${PHYSICS_VERSION})`,
    );
    // Taken once: a later load of this build's files says nothing.
    expect(sim.timeline.takeNotice()).toBeNull();
    const length = parseRecording(FIXTURE, DEFAULT_TUNING).length;
    for (let f = 0; f < 200 && (sim.timeline.replayStatus()?.step ?? length) < length; f++) {
      sim.frame(1 / 60);
    }
    const status = sim.timeline.replayStatus();
    expect(status?.step).toBe(length);
    const divergence = status?.divergence ?? null;
    if (divergence === null) throw new Error('the replay of other physics reported no divergence');
    // It agreed while the ball fell (the same physics until the first impact), then parted.
    expect(divergence.step).toBeGreaterThan(0);
    expect(divergence.step).toBeLessThanOrEqual(length);
    expect(status?.verifiedUpTo ?? -1).toBeLessThan(divergence.step);
    expect(status?.verifiedUpTo ?? -1).toBeGreaterThanOrEqual(0);
  });

  it("this build's recordings carry its physics and replay with no notice and no divergence", async () => {
    const { sim } = localSim('playground', { count: 12, seed: 7 });
    void sim.timeline.record({ hashEvery: 10 });
    for (let f = 0; f < 60; f++) sim.frame(1 / 60);
    const recording = await sim.timeline.stopRecording();
    expect(recording.physics).toBe(PHYSICS_VERSION);
    const copy = localSim('playground', { count: 12, seed: 7 }).sim;
    await copy.timeline.replay(structuredClone(recording));
    expect(copy.timeline.takeNotice()).toBeNull();
    for (let f = 0; f < 80; f++) copy.frame(1 / 60);
    expect(copy.timeline.replayStatus()?.divergence).toBeNull();
  });

  it('a file from newer physics is refused, naming the field', () => {
    const newer = { ...FIXTURE, physics: PHYSICS_VERSION + 1 };
    expect(() => parseRecording(newer, DEFAULT_TUNING)).toThrow(
      `physics = ${PHYSICS_VERSION + 1} is invalid: expected ${PHYSICS_VERSION} or less: it was written by a newer build`,
    );
  });
});

describe('a saved state whose configuration keeps a contact cache', () => {
  it('is refused without its contacts field, naming it, and nothing changes in the world', async () => {
    const { sim, core } = localSim('pile', { count: 30, seed: 3 });
    for (let f = 0; f < 60; f++) sim.frame(1 / 60);
    const saved = JSON.parse(JSON.stringify(await sim.timeline.saveState())) as Record<
      string,
      unknown
    >;
    expect(saved.contacts).toBeDefined();
    expect(saved.physics).toBe(PHYSICS_VERSION);
    const without = { ...saved };
    delete without.contacts;
    const before = core.hash();
    const step = core.stepIndex;
    expect(() => sim.timeline.loadState(without)).toThrow(
      /Saved state: contacts is missing: its tuning keeps persistent contacts \(narrowphase 'manifold'\)/,
    );
    expect(core.hash()).toBe(before);
    expect(core.stepIndex).toBe(step);
    // With it, the same state loads.
    await sim.timeline.loadState(saved);
    expect(sim.timeline.takeNotice()).toBeNull();
  });

  it('a state of a configuration that keeps none is refused with one', () => {
    const { core } = localSim('pile', { count: 5, seed: 3 }, { ...DEFAULT_TUNING });
    const saved = JSON.parse(JSON.stringify(core.saveState())) as Record<string, unknown>;
    const stateless = { ...DEFAULT_TUNING, narrowphase: 'project' as const };
    const tuned = { ...saved, tuning: stateless };
    expect(() => parseState(tuned, stateless)).toThrow(/contacts is not expected/);
  });
});
