// One drag-latency run in the pile: a ball is spawned at the camera's target once the pile has
// settled, grabbed with the mouse at the canvas centre and moved in steps; each move is timed from
// its pointermove event to the first drawn frame that shows the grabbed point half-way there.

import type { Browser, Page } from '@playwright/test';
import { findScene } from '../../src/scenes/registry';
import { median } from '../report';
import { openBenchPage, readPage, wait } from './benchPage';
import type { Thread } from './benchPage';
import { addScaled, CAMERA_FOV_DEG, CameraModel, distance, rotate } from './cameraModel';
import type { Vec3 } from './cameraModel';
import type { DrawnPose, ProbeWindow } from './pageProbe';

export interface DragPlan {
  scene: string;
  count: number;
  thread: Thread;
  /** More URL parameters, as for every run ('' for none). */
  params: string;
  /** Measured mouse moves. */
  moves: number;
}

export interface DragResult {
  plan: DragPlan;
  thread: string;
  /** Delay of each timed move, ms. */
  delaysMs: number[];
  medianMs: number;
  worstMs: number;
  /** Moves that never reached half-way before the next (counted, not timed). */
  untimed: number;
  /**
   * How far the grabbed point was drawn from its target when the next move came (median, m):
   * the sag of a held ball, a few centimetres, when the bench's camera model matches the page.
   */
  residualM: number;
  /** Drawn frames per second while the moves were made. */
  drawnFps: number;
  /** `stats().latencySteps` at the end (0 on the main thread). */
  latencySteps: number;
  errors: string[];
}

/**
 * The grabbed point counts as there once it has covered this share of the way from the old mouse
 * target to the new: half-way is the frame in which it is drawn nearer the new place than the old.
 */
const ARRIVED_SHARE = 0.5;

/**
 * Simulated time before the ball comes, as 1/60 s frames through `advance`: two seconds, by
 * which the pile's columns have landed and settled below the camera's target (3 m up).
 */
const SETTLE_FRAMES = 120;

/** The ball's radius (m): small beside the pile, large enough to pick at a glance. */
const BALL_RADIUS = 0.4;

/** Pixels per move: 1.8 m at the pile's camera distance (28 m, fov 50°, 720 px). */
const MOVE_PX = 50;

/**
 * After each move, wait for at least this many drawn frames and this much time, and then until
 * the grabbed point is drawn within REST_M of its target, so every move starts from rest.
 */
const FRAMES_PER_MOVE = 3;
const MS_PER_MOVE = 1000;
/** At rest the held ball's point sags 5–10 cm below its target (gravity against the joint). */
const REST_M = 0.2;
/**
 * No run waits longer than this for its frames or for the point to arrive: at the 0.03–0.1 of
 * real time a loaded machine gives the pile, a move takes the ball up to ten seconds.
 */
const WAIT_LIMIT_MS = 60_000;

async function drawnFrames(page: Page): Promise<number> {
  return (await readPage(page)).probe.drawnFrames;
}

/** Waits until `frames` more frames have been drawn and `ms` have passed. */
async function waitFrames(page: Page, frames: number, ms: number): Promise<void> {
  const startedAt = Date.now();
  const target = (await drawnFrames(page)) + frames;
  await wait(ms);
  while ((await drawnFrames(page)) < target) {
    if (Date.now() - startedAt > WAIT_LIMIT_MS)
      throw new Error(`The page drew fewer than ${frames} frames in ${WAIT_LIMIT_MS / 1000} s.`);
    await wait(100);
  }
}

/**
 * Waits until the grabbed point is drawn within REST_M of `target`. Throws when it never comes:
 * the camera model does not match the page's camera, or the page has stopped.
 */
async function waitArrived(page: Page, body: number, local: Vec3, target: Vec3): Promise<void> {
  const startedAt = Date.now();
  for (;;) {
    const drawn = await page.evaluate((index) => window.sandbox.pose(index).rendered, body);
    const away = distance(grabPoint(drawn, local), target);
    if (away <= REST_M) return;
    if (Date.now() - startedAt > WAIT_LIMIT_MS)
      throw new Error(
        `The grabbed point stayed ${away.toFixed(2)} m from its target for ${WAIT_LIMIT_MS / 1000} s: the bench's camera model does not match the page, or the page stopped.`,
      );
    await wait(200);
  }
}

/** Where the grabbed point (`local`, in the body's frame) is drawn in a frame. */
function grabPoint(frame: Pick<DrawnPose, 'p' | 'q'>, local: Vec3): Vec3 {
  return addScaled(frame.p, rotate(frame.q, local), 1);
}

/**
 * The delay of a move at `moveMs` from target `from` to target `to`: the first frame drawn after
 * it, before `untilMs` (the next move), whose grabbed point has covered ARRIVED_SHARE of the way
 * (measured along the line from `from` to `to`). NaN when none has.
 */
function moveDelay(
  frames: readonly DrawnPose[],
  local: Vec3,
  moveMs: number,
  untilMs: number,
  from: Vec3,
  to: Vec3,
): number {
  const way: Vec3 = [to[0] - from[0], to[1] - from[1], to[2] - from[2]];
  const length2 = way[0] * way[0] + way[1] * way[1] + way[2] * way[2];
  for (const frame of frames) {
    if (frame.atMs <= moveMs || frame.atMs >= untilMs) continue;
    const g = grabPoint(frame, local);
    const along =
      ((g[0] - from[0]) * way[0] + (g[1] - from[1]) * way[1] + (g[2] - from[2]) * way[2]) / length2;
    if (along >= ARRIVED_SHARE) return frame.atMs - moveMs;
  }
  return Number.NaN;
}

export async function runDrag(
  browser: Browser,
  baseUrl: string,
  plan: DragPlan,
): Promise<DragResult> {
  const definition = findScene(plan.scene);
  if (!definition) throw new Error(`Unknown scene ${plan.scene}.`);
  const { context, page, errors } = await openBenchPage(browser, baseUrl, {
    ...plan,
    slowDrawMs: 0,
  });
  try {
    const box = await page.locator('#view').boundingBox();
    if (!box) throw new Error('The page has no #view canvas.');
    const camera = new CameraModel(
      definition.view.camera,
      definition.view.target,
      CAMERA_FOV_DEG,
      box.width,
      box.height,
    );
    const target = definition.view.target;
    // Settle the pile the same way in either thread, then hang a ball at the camera's target:
    // the ray under the canvas centre meets it at the point nearest the camera.
    const ball = await page.evaluate(
      async ({ frames, radius, at }) => {
        await window.sandbox.advance(new Array<number>(frames).fill(1 / 60));
        window.sandbox.pause();
        const index = window.sandbox.stats().bodies;
        window.sandbox.spawn({ kind: 'sphere', scale: radius, position: at });
        window.sandbox.run();
        return index;
      },
      { frames: SETTLE_FRAMES, radius: BALL_RADIUS, at: target },
    );
    // In a worker the ball is drawn once the worker has published it.
    await page.waitForFunction((count) => window.sandbox.stats().bodies === count, ball + 1);
    await waitFrames(page, 2, 500);
    const x = box.x + box.width / 2;
    let y = box.y + box.height / 2;
    // A press that does not move tracks the body under it: check that it is the ball.
    await page.mouse.move(x, y);
    await page.mouse.down();
    await page.mouse.up();
    const tracked = await page.evaluate(() => window.sandbox.stats().tracked);
    if (tracked !== ball)
      throw new Error(`The canvas centre picks body ${tracked}, not the ball (${ball}).`);
    const grabbed = addScaled(target, camera.forward, -BALL_RADIUS);
    // The ball was spawned unrotated at `target`, so the grabbed point's offset in its frame is:
    const local: Vec3 = [grabbed[0] - target[0], grabbed[1] - target[1], grabbed[2] - target[2]];
    await page.mouse.down();
    await page.evaluate(() => window.sandbox.resume());
    // Lift it well clear of the pile first (unmeasured).
    y -= MOVE_PX;
    await page.mouse.move(x, y);
    const targets: Vec3[] = [camera.dragPoint(x - box.x, y - box.y, grabbed)];
    await waitFrames(page, FRAMES_PER_MOVE, MS_PER_MOVE);
    await waitArrived(page, ball, local, targets[0] as Vec3);
    const before = await readPage(page);
    await page.evaluate(
      (index) => (window as unknown as ProbeWindow).__benchProbe.watch(index),
      ball,
    );
    for (let k = 0; k < plan.moves; k++) {
      y += k % 2 === 0 ? -MOVE_PX : MOVE_PX;
      await page.mouse.move(x, y);
      const to = camera.dragPoint(x - box.x, y - box.y, grabbed);
      targets.push(to);
      await waitFrames(page, FRAMES_PER_MOVE, MS_PER_MOVE);
      await waitArrived(page, ball, local, to);
    }
    const log = await page.evaluate(() =>
      (window as unknown as ProbeWindow).__benchProbe.unwatch(),
    );
    const after = await readPage(page);
    await page.mouse.up();
    if (log.moves.length !== plan.moves)
      throw new Error(
        `Expected ${plan.moves} pointermove events; the page saw ${log.moves.length}.`,
      );
    const delaysMs: number[] = [];
    const residuals: number[] = [];
    for (let k = 0; k < plan.moves; k++) {
      const moveMs = log.moves[k] as number;
      const untilMs = log.moves[k + 1] ?? Infinity;
      const to = targets[k + 1] as Vec3;
      const delay = moveDelay(log.frames, local, moveMs, untilMs, targets[k] as Vec3, to);
      if (Number.isFinite(delay)) delaysMs.push(delay);
      const last = log.frames.filter((f) => f.atMs < untilMs).at(-1);
      if (last) residuals.push(distance(grabPoint(last, local), to));
    }
    const seconds = (after.probe.lastDrawnAtMs - before.probe.lastDrawnAtMs) / 1000;
    return {
      plan,
      thread: after.stats.thread,
      delaysMs,
      medianMs: median(delaysMs),
      worstMs: delaysMs.length > 0 ? Math.max(...delaysMs) : Number.NaN,
      untimed: plan.moves - delaysMs.length,
      residualM: median(residuals),
      drawnFps: (after.probe.drawnFrames - before.probe.drawnFrames) / seconds,
      latencySteps: after.stats.latencySteps,
      errors,
    };
  } finally {
    await context.close();
  }
}
