import { describe, expect, it } from 'vitest';
import type { PhysicsCore } from '../../../src/physicsHost/core/physicsCore';
import { TwinLab } from '../../../src/app/twinLab';
import type { Strategy } from '../../../src/config/settings';
import { TUNNEL } from '../../../src/scenes/tunnel';
import { localSim } from '../physicsHost/host/localSim';

/** Runs 1 s of 60 Hz frames, one 0.5 s hitch, then 0.5 s more. */
function withHitch(scene: string, strategy: Strategy): PhysicsCore {
  const { sim, core } = localSim(scene);
  sim.set({ strategy });
  for (let i = 0; i < 60; i++) sim.frame(1 / 60);
  sim.frame(0.5);
  for (let i = 0; i < 30; i++) sim.frame(1 / 60);
  return core;
}

const escaped = (core: PhysicsCore): number =>
  core.physics.bodies.filter(
    (b) => Math.abs(b.position.x) > TUNNEL.wallX + TUNNEL.wallHalfThickness,
  ).length;

describe('the article failure cases', () => {
  it('tunnel: a variable step after a hitch carries the balls through the walls', () => {
    expect(escaped(withHitch('tunnel', 'variable'))).toBe(3);
  });
  it('tunnel: the accumulator keeps every ball between the walls through the same hitch', () => {
    expect(escaped(withHitch('tunnel', 'accumulator'))).toBe(0);
    expect(escaped(withHitch('tunnel', 'semi-fixed'))).toBe(0);
  });
  it('spring: a variable step after a hitch blows the chains apart', () => {
    const core = withHitch('spring', 'variable');
    // Flung past 100 m, or past the world's edge and removed by the state guard.
    const far = core.physics.bodies.filter((b) => !(b.position.length() < 100)).length;
    expect(far + core.guard.removed).toBeGreaterThan(10);
  });
  it('spring: the accumulator keeps the chains hanging through the same hitch', () => {
    const core = withHitch('spring', 'accumulator');
    expect(core.physics.count).toBe(21);
    for (const body of core.physics.bodies) expect(body.position.length()).toBeLessThan(20);
  });
});

describe('determinism lab: 60 Hz and 144 Hz worlds', () => {
  /** 1.5 s of real time handed over in uneven rAF-like slices; compares after every slice. */
  function lab(strategy: Strategy, compared: number[] = []): TwinLab {
    const { sim: main } = localSim('determinism', { count: 25 });
    main.set({ strategy });
    const twin = new TwinLab(main, 60, 144, 7);
    for (let i = 0; i < 90; i++) {
      twin.frame(i % 3 === 0 ? 0.02 : 0.015);
      const report = twin.report();
      if (report.agree) compared.push(report.comparedStep);
    }
    return twin;
  }
  it('agree bit for bit at every compared step under the accumulator', () => {
    const agreedAt: number[] = [];
    const report = lab('accumulator', agreedAt).report();
    expect(agreedAt.length).toBeGreaterThan(80);
    expect(new Set(agreedAt).size).toBeGreaterThan(80);
    expect(report.comparedStep).toBeGreaterThan(100);
    expect(report.leftHash).toBe(report.rightHash);
    expect(report.agree).toBe(true);
    expect(report.divergedAt).toBe(-1);
  });
  it('diverge under variable and semi-fixed', () => {
    for (const strategy of ['variable', 'semi-fixed'] as const) {
      const report = lab(strategy).report();
      expect(report.agree).toBe(false);
      expect(report.leftHash).not.toBe(report.rightHash);
    }
  });

  it('spawns, throws and removals reach both worlds at the same step, so they keep agreeing', () => {
    const { sim: main, core: mainCore } = localSim('determinism', { count: 25 });
    const twin = new TwinLab(main, 60, 144, 7);
    let queued = 0;
    let queuedApart = 0;
    const agreedAt: number[] = [];
    for (let i = 0; i < 150; i++) {
      if (i % 16 === 5) {
        if (main.host.stepping.nextStep !== twin.twin.host.stepping.nextStep) queuedApart++;
        // A drop, then a throw into the heap (what the panel's spawn and the F key queue).
        twin.queue({
          type: 'spawn',
          spec:
            queued % 2 === 0
              ? { kind: 'gem', scale: [0.5, 0.5, 0.5], position: [0.5, 9, 0.2] }
              : {
                  kind: 'sphere',
                  scale: [0.4, 0.4, 0.4],
                  position: [0, 3, 12],
                  velocity: [0, 1, -22],
                },
        });
        queued++;
      }
      if (i === 60) twin.queue({ type: 'remove', id: mainCore.physics.idAt(4) });
      twin.frame(i % 3 === 0 ? 0.02 : 0.015);
      const report = twin.report();
      expect(report.divergedAt, `slice ${i}`).toBe(-1);
      if (report.agree) agreedAt.push(report.comparedStep);
    }
    // Commands were queued while the two worlds stood at different steps: the case that needs
    // the shared step.
    expect(queuedApart).toBeGreaterThan(3);
    expect(mainCore.physics.count).toBe(25 + queued - 1);
    expect(twin.twin.drawn.snapshots.count).toBe(mainCore.physics.count);
    expect(new Set(agreedAt).size).toBeGreaterThan(130);
    const report = twin.report();
    expect(report.agree).toBe(true);
    expect(report.leftHash).toBe(report.rightHash);
  });
});
