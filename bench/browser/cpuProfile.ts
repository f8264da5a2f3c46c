// Which main-thread work was physics: a CPU profile of the page's main thread (Chrome DevTools
// Protocol), its clock lined up with the page's, and the time inside cannon-es's step per span.

import type { CDPSession, Page } from '@playwright/test';
import { CLOCK_MARK_FUNCTION } from './pageProbe';
import type { LongTask, ProbeWindow } from './pageProbe';

/**
 * cannon-es's `World.internalStep`: every step the app takes (`world.step(dt)`) runs inside it,
 * and the minified build keeps method names, so a sample with it on the stack is physics.
 * The profile covers the page's main thread only; a worker is a target of its own.
 */
export const PHYSICS_FUNCTION = 'internalStep';

/**
 * Sampling interval: 1 ms puts about fifty samples in the shortest long task (50 ms), enough to
 * say whether physics ran in it, at an overhead small beside SwiftShader's frames.
 */
const SAMPLING_INTERVAL_US = 1000;

/**
 * Busy time of each clock mark: ten samples' worth, so at least one lands in it even when the
 * busy machine makes the sampler late.
 */
const CLOCK_MARK_MS = 10;

/** Main-thread time spent in physics, in all and inside the long tasks. */
export interface PhysicsAttribution {
  /** Milliseconds of samples with cannon-es's step on the stack, over the whole interval. */
  physicsMs: number;
  /** Long tasks with at least one such sample. */
  tasksWithPhysics: number;
  /** Disagreement of the two clock marks (ms): how well the profile lines up with the page. */
  clockSkewMs: number;
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string };
  children?: number[];
}

async function clockMark(page: Page): Promise<number> {
  return page.evaluate(
    (ms) => (window as unknown as ProbeWindow).__benchProbe.clockMark(ms),
    CLOCK_MARK_MS,
  );
}

/** Samples the main thread from `start` to `stop`. */
export class MainThreadProfile {
  private readonly cdp: CDPSession;
  private readonly page: Page;
  private marks: number[] = [];

  constructor(page: Page, cdp: CDPSession) {
    this.page = page;
    this.cdp = cdp;
  }

  async start(): Promise<void> {
    await this.cdp.send('Profiler.enable');
    await this.cdp.send('Profiler.setSamplingInterval', { interval: SAMPLING_INTERVAL_US });
    await this.cdp.send('Profiler.start');
    this.marks = [await clockMark(this.page)];
  }

  /** Stops sampling and attributes the main thread's time between `fromMs` and `toMs` (page clock). */
  async stop(
    fromMs: number,
    toMs: number,
    longTasks: readonly LongTask[],
  ): Promise<PhysicsAttribution> {
    this.marks.push(await clockMark(this.page));
    const { profile } = await this.cdp.send('Profiler.stop');
    await this.cdp.send('Profiler.disable');
    return attribute(profile, this.marks, fromMs, toMs, longTasks);
  }
}

/** The ids of every node that is, or is called from, a function named `name`. */
function nodesUnder(nodes: readonly ProfileNode[], name: string): Set<number> {
  const byId = new Map<number, ProfileNode>();
  for (const node of nodes) byId.set(node.id, node);
  const marked = new Set<number>();
  const visit = (node: ProfileNode, inside: boolean): void => {
    const now = inside || node.callFrame.functionName === name;
    if (now) marked.add(node.id);
    for (const child of node.children ?? []) {
      const next = byId.get(child);
      if (next) visit(next, now);
    }
  };
  const root = nodes[0];
  if (root) visit(root, false);
  return marked;
}

function attribute(
  profile: { nodes: ProfileNode[]; startTime: number; samples?: number[]; timeDeltas?: number[] },
  marks: readonly number[],
  fromMs: number,
  toMs: number,
  longTasks: readonly LongTask[],
): PhysicsAttribution {
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  const physics = nodesUnder(profile.nodes, PHYSICS_FUNCTION);
  const marker = nodesUnder(profile.nodes, CLOCK_MARK_FUNCTION);
  // Sample times in the profile's clock (µs), and each sample's weight: the time to the next.
  const times = new Float64Array(samples.length);
  let t = profile.startTime;
  for (let i = 0; i < samples.length; i++) {
    t += deltas[i] ?? 0;
    times[i] = t;
  }
  const weightUs = (i: number): number =>
    i + 1 < samples.length ? (times[i + 1] as number) - (times[i] as number) : SAMPLING_INTERVAL_US;
  // Each mark's first sample is taken within a sampling interval of its start. The sampler may
  // miss a mark on a starved machine, so each run of mark samples is paired with the mark whose
  // time after the first mark is nearest its own time after the profile began (the first mark
  // is set just after sampling starts, the second seconds later).
  const offsets: number[] = [];
  const firstMarkMs = marks[0] as number;
  for (let i = 0; i < samples.length; i++) {
    if (!marker.has(samples[i] as number)) continue;
    const sinceStartMs = ((times[i] as number) - profile.startTime) / 1000;
    let nearest = firstMarkMs;
    for (const mark of marks) {
      if (
        Math.abs(sinceStartMs - (mark - firstMarkMs)) <
        Math.abs(sinceStartMs - (nearest - firstMarkMs))
      )
        nearest = mark;
    }
    offsets.push((times[i] as number) - nearest * 1000);
    while (i + 1 < samples.length && marker.has(samples[i + 1] as number)) i++;
  }
  if (offsets.length === 0)
    throw new Error('The CPU profile holds no clock mark: cannot line it up with the page.');
  const offsetUs = offsets[0] as number;
  const clockSkewMs =
    offsets.length > 1 ? Math.abs((offsets[1] as number) - offsetUs) / 1000 : Number.NaN;
  const pageMs = (i: number): number => ((times[i] as number) - offsetUs) / 1000;

  let physicsUs = 0;
  for (let i = 0; i < samples.length; i++) {
    const at = pageMs(i);
    if (at >= fromMs && at < toMs && physics.has(samples[i] as number)) physicsUs += weightUs(i);
  }
  let tasksWithPhysics = 0;
  for (const task of longTasks) {
    const endMs = task.startMs + task.durationMs;
    for (let i = 0; i < samples.length; i++) {
      const at = pageMs(i);
      if (at >= task.startMs && at < endMs && physics.has(samples[i] as number)) {
        tasksWithPhysics++;
        break;
      }
    }
  }
  return { physicsMs: physicsUs / 1000, tasksWithPhysics, clockSkewMs };
}
