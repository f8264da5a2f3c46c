// The emulated per-step cost: the page thread kept busy for a set time before each step, so a
// step can be made dearer than its dt on any machine and the spiral of death shown anywhere.

/**
 * Keeps this thread busy for `ms` milliseconds of wall-clock time. The real clock on purpose:
 * it stands for real work, so a test's made-up clock must not shorten it. Only the emulation
 * calls it (a clock read is a new heap number in V8, which a real step never pays).
 */
export function spendMs(ms: number): void {
  const end = performance.now() + ms;
  while (performance.now() < end) {
    // Busy on purpose: the frame must take this long, as a dear step would make it.
  }
}
