import { Scene } from 'three';
import { describe, expect, it } from 'vitest';
import type { Simulation } from '../../../src/app/simulation';
import { lerpFlat3, slerpFlat } from '../../../packages/fixed-step/src/interp/poseMath';
import { BodyInstances } from '../../../src/render/bodyInstances';
import { localSim } from '../physicsHost/host/localSim';

/** What the browser app does per frame: re-sync after body changes, then write the matrices. */
class Drawn {
  readonly instances = new BodyInstances(new Scene());
  private version = -1;
  constructor(private readonly sim: Simulation) {}
  write(): void {
    const table = this.sim.drawn.snapshots.bodies;
    if (table.version !== this.version) {
      this.instances.sync(table);
      this.version = table.version;
    }
    this.instances.write(this.sim.drawn.draw, this.sim.drawn.snapshots.bodies.scales);
  }
  /**
   * Largest gap between body i's drawn matrix and the blend of its snapshots at this frame's
   * alpha (position, rotation angle), worked out here from the snapshots, not the draw poses.
   */
  error(i: number): number {
    const pose = this.instances.readPose(i);
    if (!pose) return Infinity;
    const { previous, current } = this.sim.drawn.snapshots;
    const alpha = this.sim.loop.alpha();
    const p = lerpFlat3(
      new Float64Array(3),
      0,
      previous.position,
      3 * i,
      current.position,
      3 * i,
      alpha,
    );
    const q = slerpFlat(
      new Float64Array(4),
      0,
      previous.quaternion,
      4 * i,
      current.quaternion,
      4 * i,
      alpha,
    );
    let dot = 0;
    for (let k = 0; k < 4; k++) dot += (pose.q[k] ?? 0) * (q[k] ?? 0);
    let worst = 2 * Math.acos(Math.min(1, Math.abs(dot)));
    for (let k = 0; k < 3; k++) worst = Math.max(worst, Math.abs((pose.p[k] ?? 0) - (p[k] ?? 0)));
    return worst;
  }
  worstError(): number {
    let worst = 0;
    for (let i = 0; i < this.sim.drawn.snapshots.count; i++) worst = Math.max(worst, this.error(i));
    return worst;
  }
}

// Matrices are float32: a pose read back from one is good to ~1e-6 of the scene's size.
const FLOAT32 = 2e-5;

describe('BodyInstances skips bodies at rest, and every slot stays right', () => {
  it('a still body is not recomposed, and an unchanged mesh is not re-uploaded', () => {
    const { sim } = localSim('tower', { count: 100 });
    const drawn = new Drawn(sim);
    drawn.write();
    const [mesh] = drawn.instances.objects;
    if (!mesh) throw new Error('no box mesh');
    expect(sim.drawn.draw.still[0]).toBe(1);
    // Scribble on brick 0's matrix: a skipped write leaves it; a recompose would repair it.
    const array = mesh.instanceMatrix.array as Float32Array;
    const translationX = array[12];
    array[12] = 999;
    const version = mesh.instanceMatrix.version;
    sim.frame(0.004);
    drawn.write();
    expect(array[12]).toBe(999);
    expect(mesh.instanceMatrix.version).toBe(version);
    array[12] = translationX ?? 0;
    expect(drawn.worstError()).toBeLessThan(FLOAT32);
  });

  it('a body falling asleep mid-interpolation is drawn at its blended pose every frame', () => {
    const { sim } = localSim('playground', { count: 0 });
    sim.queue({
      type: 'spawn',
      spec: { kind: 'box', scale: [0.4, 0.3, 0.5], position: [0, 2, 0] },
    });
    const drawn = new Drawn(sim);
    let blendedWhileFallingAsleep = 0;
    for (let f = 0; f < 700; f++) {
      sim.frame(1 / 144);
      drawn.write();
      const { asleep, previousAsleep } = sim.drawn.snapshots;
      if (asleep[0] === 1 && previousAsleep[0] === 0 && sim.report.alpha > 0.1) {
        blendedWhileFallingAsleep++;
      }
      expect(drawn.error(0), `frame ${f}`).toBeLessThan(FLOAT32);
    }
    expect(sim.drawn.snapshots.asleep[0]).toBe(1);
    expect(blendedWhileFallingAsleep).toBeGreaterThan(0);
  });

  it('a body that falls asleep while visibly moving is blended across that step, then held', () => {
    const { sim, core } = localSim('playground', { count: 0 });
    sim.queue({
      type: 'spawn',
      spec: { kind: 'sphere', scale: [0.4, 0.4, 0.4], position: [0, 9, 0] },
    });
    sim.frame(0);
    // Loose sleep limits: it falls asleep 0.1 s into its fall, moving ~1 m/s (1 cm a step).
    const body = core.physics.bodies[0];
    if (!body) throw new Error('no body');
    body.sleepSpeedLimit = 3;
    body.sleepTimeLimit = 0.1;
    const drawn = new Drawn(sim);
    let blended = 0;
    for (let f = 0; f < 60; f++) {
      sim.frame(1 / 144);
      drawn.write();
      const { asleep, previousAsleep, previous, current } = sim.drawn.snapshots;
      const moved = Math.abs((previous.position[1] ?? 0) - (current.position[1] ?? 0));
      if (asleep[0] === 1 && previousAsleep[0] === 0 && sim.report.alpha > 0.2 && moved > 1e-3) {
        blended++;
      }
      expect(drawn.error(0), `frame ${f}`).toBeLessThan(FLOAT32);
    }
    expect(sim.drawn.snapshots.asleep[0]).toBe(1);
    expect(blended).toBeGreaterThan(0);
  });

  it('after a removal re-maps bodies to slots, every body is drawn where it is', () => {
    const { sim, core } = localSim('tower', { count: 100 });
    const drawn = new Drawn(sim);
    sim.frame(1 / 60);
    drawn.write();
    for (const index of [3, 0, 50]) {
      sim.queue({ type: 'remove', id: core.physics.idAt(index) });
      sim.frame(0);
      drawn.write();
      expect(drawn.worstError()).toBeLessThan(FLOAT32);
    }
  });

  it('after a scene load (same kinds, same count) every slot is drawn afresh', () => {
    const { sim } = localSim('tower', { count: 100 });
    const drawn = new Drawn(sim);
    drawn.write();
    sim.load('tower', { count: 300 });
    drawn.write();
    expect(drawn.worstError()).toBeLessThan(FLOAT32);
    sim.load('tower', { count: 100, seed: 9 });
    drawn.write();
    expect(drawn.worstError()).toBeLessThan(FLOAT32);
  });
});
