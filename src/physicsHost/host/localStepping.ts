// The page's own thread steps the physics core as the loop asks, each step's cost measured with
// the simulation's clock, each step's digest told to a listener while one is set.

import type { PhysicsCore } from '../core/physicsCore';
import type { SceneSnapshots } from '../../snapshot/snapshots';
import type { GovernorView, HostListener, HostStepping, StepHashListener } from './physicsHost';

/** A listener that measures nothing: until a simulation attaches (tests that step a host alone). */
export const UNATTACHED: HostListener = { nowMs: () => 0, stepsCost: () => undefined };

export class LocalStepping implements HostStepping {
  /** Called after every step (tests watch the world step by step). */
  onStep: ((step: number) => void) | null = null;
  private listener = UNATTACHED;
  private stepHashListener: StepHashListener | null = null;
  /** `nowMs()` at the end of the latest step, or at the frame's start: the next step's start. */
  private clockMs = 0;
  private readonly core: PhysicsCore;

  constructor(core: PhysicsCore) {
    this.core = core;
  }

  attach(listener: HostListener): void {
    this.listener = listener;
  }

  get nextStep(): number {
    return this.core.stepIndex;
  }

  get publishedStep(): number {
    return this.core.stepIndex;
  }

  get time(): number {
    return this.core.physics.time;
  }

  beginSteps(): void {
    this.clockMs = this.listener.nowMs();
  }

  step(dtSeconds: number): void {
    const core = this.core;
    core.step(dtSeconds);
    // One clock read per step: its end is the next step's start (a real clock's reading is a
    // new 16-byte number in V8, the only allocation this path makes).
    const now = this.listener.nowMs();
    const stepMs = now - this.clockMs;
    this.clockMs = now;
    this.listener.stepsCost(stepMs, 1);
    const hashListener = this.stepHashListener;
    if (hashListener) {
      const lanes = core.hashLanes();
      hashListener(core.stepIndex, lanes[0], lanes[1]);
    }
    this.onStep?.(core.stepIndex);
  }

  hasRoom(governor: GovernorView): boolean {
    return governor.stepAllowed();
  }

  endSteps(stepsTaken: number): void {
    // A step applies what is due at its boundary; with none, what is due is applied now.
    if (stepsTaken === 0) this.core.applyDue();
  }

  drawn(): SceneSnapshots {
    return this.core.snapshots;
  }

  whenCaughtUp(): Promise<void> {
    return Promise.resolve();
  }

  setStepHashListener(listener: StepHashListener | null): void {
    this.stepHashListener = listener;
  }

  /** Lets go of the listeners (the host is disposed). */
  detach(): void {
    this.listener = UNATTACHED;
    this.stepHashListener = null;
  }
}
