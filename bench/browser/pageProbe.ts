// What the browser bench installs in the page before the app loads (an init script): a long-task
// observer, a requestAnimationFrame wrapper that counts the frames that drew (and can make every
// frame slow on purpose), the pointer-move times, and the drawn pose of one body per frame.

/** Options baked into the page's probe. */
export interface ProbeOptions {
  /** Milliseconds of busy waiting at the start of every animation frame (0: none). */
  slowDrawMs: number;
}

/** A main-thread task of 50 ms or more, as PerformanceObserver reported it (page clock, ms). */
export interface LongTask {
  startMs: number;
  durationMs: number;
}

/** One drawn frame while a body is watched: when its draw was issued, and the body's drawn pose. */
export interface DrawnPose {
  atMs: number;
  p: [number, number, number];
  q: [number, number, number, number];
}

/** The probe's counters at one moment, read in one go with the page clock. */
export interface ProbeReading {
  /** performance.now() when read. */
  nowMs: number;
  /** Distinct animation frames seen (callbacks sharing a timestamp count once). */
  animationFrames: number;
  /** Animation-frame callbacks that issued at least one WebGL draw call. */
  drawnFrames: number;
  /**
   * performance.now() as the newest of them returned (−1 before any): the page's state read
   * with it is that frame's, since nothing else moves the simulation on.
   */
  lastDrawnAtMs: number;
  /** Long tasks seen since the page started (read them with `longTasksSince`). */
  longTaskCount: number;
}

/** What the probe offers the bench (`window.__benchProbe`). */
export interface Probe {
  read(): ProbeReading;
  longTasksSince(index: number): LongTask[];
  /** Whether the browser reports long tasks at all (a run with none means something then). */
  observesLongTasks: boolean;
  /** Starts logging body `index`'s drawn pose after every drawn frame, and pointer-move times. */
  watch(index: number): void;
  /** Stops watching; returns the drawn poses and pointer-move times logged since `watch`. */
  unwatch(): { frames: DrawnPose[]; moves: number[] };
  /**
   * Busy-waits `ms` in a function of a known name and returns performance.now() at its start:
   * a mark in the CPU profile that lines the profile's clock up with the page's.
   */
  clockMark(ms: number): number;
}

export interface ProbeWindow {
  __benchProbe: Probe;
}

/** The probe's code; runs in the page (serialised, so it may use nothing from this module). */
function installProbe(options: ProbeOptions): void {
  const longTasks: LongTask[] = [];
  let observesLongTasks = false;
  try {
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        longTasks.push({ startMs: entry.startTime, durationMs: entry.duration });
      }
    }).observe({ type: 'longtask', buffered: true });
    observesLongTasks = true;
  } catch {
    observesLongTasks = false;
  }

  // A frame drew if any WebGL draw call ran during it: counting calls costs one increment each.
  let drawCalls = 0;
  const proto = WebGL2RenderingContext.prototype as unknown as Record<
    string,
    (...args: unknown[]) => unknown
  >;
  for (const name of [
    'drawArrays',
    'drawElements',
    'drawArraysInstanced',
    'drawElementsInstanced',
    'drawRangeElements',
  ]) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function countedDraw(this: unknown, ...args: unknown[]): unknown {
      drawCalls++;
      return original.apply(this, args);
    };
  }

  let animationFrames = 0;
  let drawnFrames = 0;
  let lastDrawnAtMs = -1;
  let lastStamp = -1;
  let watched = -1;
  let frames: DrawnPose[] = [];
  let moves: number[] = [];
  const slowDrawMs = options.slowDrawMs;
  const requestFrame = window.requestAnimationFrame.bind(window);
  window.requestAnimationFrame = (callback: FrameRequestCallback): number =>
    requestFrame((stamp: number) => {
      if (stamp !== lastStamp) {
        lastStamp = stamp;
        animationFrames++;
        // Drawing made slow on purpose: the frame's work starts this much later, as if the
        // page drew a heavier scene, before the app's own callback runs.
        if (slowDrawMs > 0) {
          const until = performance.now() + slowDrawMs;
          while (performance.now() < until) {
            // busy: the main thread is held, as by slow drawing
          }
        }
      }
      const callsBefore = drawCalls;
      callback(stamp);
      if (drawCalls === callsBefore) return;
      drawnFrames++;
      lastDrawnAtMs = performance.now();
      if (watched < 0) return;
      try {
        const drawn = window.sandbox.pose(watched).rendered;
        frames.push({ atMs: lastDrawnAtMs, p: drawn.p, q: drawn.q });
      } catch {
        // The body is gone (a load, the state guard): nothing more to log for it.
        watched = -1;
      }
    });

  // Capture phase on the window: the move's time is taken before any of the app's listeners.
  window.addEventListener(
    'pointermove',
    () => {
      if (watched >= 0) moves.push(performance.now());
    },
    { capture: true },
  );

  const probe: Probe = {
    read: () => ({
      nowMs: performance.now(),
      animationFrames,
      drawnFrames,
      lastDrawnAtMs,
      longTaskCount: longTasks.length,
    }),
    longTasksSince: (index) => longTasks.slice(index),
    observesLongTasks,
    watch(index) {
      watched = index;
      frames = [];
      moves = [];
    },
    unwatch() {
      watched = -1;
      return { frames, moves };
    },
    clockMark: function benchClockMark(ms: number): number {
      const start = performance.now();
      while (performance.now() < start + ms) {
        // busy: long enough for the sampling profiler to catch this function
      }
      return start;
    },
  };
  (window as unknown as ProbeWindow).__benchProbe = probe;
}

/** Name of the function `clockMark` runs, as the CPU profile shows it. */
export const CLOCK_MARK_FUNCTION = 'benchClockMark';

/**
 * The init script's source. Built by hand rather than by Playwright's `addInitScript(fn)`: a
 * TypeScript loader may wrap inner functions in a `__name` helper the page does not have, so a
 * no-op one is defined for the probe's own scope.
 */
export function probeScript(options: ProbeOptions): string {
  return `(() => { const __name = (f) => f; (${installProbe.toString()})(${JSON.stringify(options)}); })();`;
}
