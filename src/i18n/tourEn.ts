// The tour's texts in English: a chapter's title, body, figure and button each. The table the
// Korean and Chinese tour texts are typed from; en.ts joins it to the page's other texts.

/** The guided tour's texts, in English. */
export const TOUR_EN = {
  'tour.label': 'Guided tour of "Fix Your Timestep!"',
  'tour.offer': 'Tour: Fix Your Timestep in six chapters',
  'tour.offerClose': 'No thanks',
  'tour.short': 'Tour',
  'tour.counter': '{n} / {total}',
  'tour.back': 'Back',
  'tour.next': 'Next',
  'tour.close': 'Close the tour',
  'tour.open': 'Resume the tour',
  'tour.chapters': 'Chapters',
  'tour.validChapters': 'a number from 1 to {count} or one of {ids}',
  'tour.badLink':
    "URL parameter 'tour' = {value} is invalid: expected {valid}. The tour stays closed.",
  'tour.badChapter': 'tour chapter {value} is invalid: expected {valid}.',
  'tour.fixedPerFrame.title': 'One fixed step per frame',
  'tour.fixedPerFrame.body':
    'The article’s first loop: every drawn frame moves the physics one fixed step of 10 ms, however long the frame really took. That keeps time only on a display of exactly 100 Hz. On this emulated 30 Hz display it is 0.3 s of simulation per real second, slow motion; at 144 Hz it would run too fast. The speed depends on the display.',
  'tour.fixedPerFrame.measure': 'sim ÷ real {value} · frame rate × dt {expected}',
  'tour.fixedPerFrame.try': 'Inject a hitch (H)',
  'tour.variable.title': 'Variable step',
  'tour.variable.body':
    'Now each step lasts as long as its frame: the speed is right, but what the physics does depends on the frame rate. These stiff springs hold with steps of up to about 16 ms (61 Hz or faster) and blow up with longer ones: at 144 Hz they hold, at 60 Hz they blow up. Pick a steady display rate to see both. A hitch (H), one 0.5 s frame clamped to a single 0.25 s step, kicks the chains at 144 Hz; they settle again, still whole.',
  'tour.variable.measure': 'chain energy ×{value} of the start',
  'tour.variable.rates': 'Display:',
  'tour.variable.yours': 'yours',
  'tour.variable.measuring': 'Measuring your display…',
  'tour.variable.holdYours': 'Your display: {hz} Hz, so steps of {ms} ms, and these springs hold.',
  'tour.variable.breakYours':
    'Your display: {hz} Hz, so steps of {ms} ms, too long for these springs: they blow up.',
  'tour.variable.holdSteady': 'A steady {hz} Hz display: steps of {ms} ms, and these springs hold.',
  'tour.variable.breakSteady':
    'A steady {hz} Hz display: steps of {ms} ms, too long for these springs: they blow up.',
  'tour.variable.try': 'Inject a hitch (H)',
  'tour.spiral.title': 'Semi-fixed and the spiral of death',
  'tour.spiral.body':
    'Semi-fixed cuts each frame into steps of at most dt (10 ms), the last one shorter: 25 ms is 10 + 10 + 5 ms. Here a step costs 14 ms of work for its 10 ms, so catching up takes longer than the time caught up: lift the guards and each frame grows longer than the last, the spiral of death. With the guards on (the clamp, the step cap of 5 steps a frame, the overload governor) the simulation slows down instead and the rest is given up.',
  'tour.spiral.measure': 'frame {value} ms: {steps} · sim ÷ real {rate} · given up {lost} s',
  'tour.spiral.try': 'Lift the guards: clamp, step cap, governor (4 s)',
  'tour.spiral.lifted': 'Clamp, step cap and governor off: watch the chart',
  'tour.accumulator.title': 'Free the physics: the accumulator',
  'tour.accumulator.body':
    'The renderer produces time and the physics consumes it in fixed steps of 10 ms: frame time goes into an accumulator, each whole 10 ms in it is one step, and the remainder waits there for the next frame, never thrown away. The same inputs give the same state bit for bit on any display (the same hash). But at 60 Hz a frame holds one step or two, so the motion stutters.',
  'tour.accumulator.measure': 'stutter {value} %',
  'tour.accumulator.try': 'Switch interpolation on',
  'tour.interpolation.title': 'The final touch: interpolation',
  'tour.interpolation.body':
    'Draw between the previous and the current step, blended by alpha = accumulator ÷ dt (how far the display is into the next step): positions by lerp, orientations by slerp. The stutter is gone, and the picture is up to one step behind. The ghost’s wireframe shows the raw current step. Extrapolation guesses ahead instead: on time while the motion is steady, it overshoots wherever the motion changes (a bounce, a turn).',
  'tour.interpolation.measure': 'stutter {value} %',
  'tour.interpolation.try': 'Switch interpolation off',
  'tour.hud.title': 'After a hitch: the clamp and the HUD',
  'tour.hud.body':
    'A hitch is a frame that takes too long: while it lasts nothing moves, and that is the freeze. The article clamps frame time at 0.25 s: the frame after a 0.5 s hitch catches up 0.25 s (25 steps, one visible jump) and the other 0.25 s is given up. The clamp cannot undo the freeze; it caps the catch-up after it: no burst, no spiral. The HUD counts every second given up, to the clamp, the step cap and the overload governor.',
  'tour.hud.measure': 'given up {value} s: clamp {clamp} · step cap {cap} · governor {governor}',
  'tour.hud.try': 'Inject a hitch (H)',
} as const;

/** A tour text's key. */
export type TourTextKey = keyof typeof TOUR_EN;
