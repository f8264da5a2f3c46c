// The English texts: the table every other language is typed from (a key missing in ko.ts or
// zh.ts fails the type check). `{name}` marks a placeholder filled in by `t`.

/** Every text a person reads on the page, by key, in English. */
export const EN = {
  'panel.title': 'Fixed-Step Sandbox',
  'folder.scene': 'Scene',
  'folder.record': 'Record',
  'folder.simulation': 'Simulation',
  'folder.stutterLab': 'Stutter lab',
  'folder.rendering': 'Rendering',
  'folder.stats': 'Stats',

  'label.language': 'language',
  'label.scene': 'scene',
  'label.bodyCount': 'body count',
  'label.layers': 'layers',
  'label.seed': 'seed',
  'label.reset': 'reset scene (R)',
  'label.spawnShape': 'spawn shape',
  'label.spawn': 'spawn (drop)',
  'label.hint': 'try',
  'label.physicsThread': 'physics thread',
  'label.strategy': 'timestep strategy',
  'label.why': 'why',
  'label.physicsHz': 'physics rate (Hz)',
  'label.interpolation': 'render mode (I)',
  'label.paused': 'paused (space)',
  'label.singleStep': 'single step (.)',
  'label.timeScale': 'time scale',
  'label.maxFrameSeconds': 'frame clamp (s)',
  'label.maxStepsPerFrame': 'max steps / frame',
  'label.display': 'emulated display (Hz)',
  'label.jitterMs': 'frame jitter ± (ms)',
  'label.hitchSeconds': 'hitch length (s)',
  'label.hitch': 'inject hitch (H)',
  'label.view': 'view',
  'label.splitRight': 'split: right half',
  'label.shadows': 'shadows',
  'label.showHud': 'show HUD',
  'label.statsPhysics': 'physics / step',
  'label.statsInterpolation': 'interp / frame',
  'label.statsBodies': 'bodies',
  'label.statsSimOverReal': 'sim ÷ real',
  'stats.bodies': '{bodies} ({sleeping} asleep)',

  'record.start': '● record',
  'record.stop': '■ stop recording',
  'record.titleRecording': 'Record  ● {steps} steps',
  'record.replay': '▶ replay from the start',
  'record.timeline': 'timeline (step)',
  'record.saveState': 'save state (file)',
  'record.loadState': 'load state…',
  'record.saveRecording': 'save recording (file)',
  'record.loadRecording': 'load recording…',
  'record.linkState': 'copy link: this moment',
  'record.linkRecording': 'copy link: recording',

  'choice.thread.worker': 'worker',
  'choice.thread.main': 'main',
  'choice.strategy.accumulator': 'accumulator',
  'choice.strategy.semiFixed': 'semi-fixed',
  'choice.strategy.variable': 'variable',
  'choice.strategy.fixedPerFrame': 'fixed-per-frame',
  'choice.render.interpolate': 'interpolate',
  'choice.render.off': 'off',
  'choice.render.extrapolate': 'extrapolate',
  'choice.render.hermite': 'hermite',
  'choice.view.single': 'single',
  'choice.view.split': 'split',
  'choice.view.ghost': 'ghost',
  'choice.display.native': 'native',
  'choice.shape.box': 'box',
  'choice.shape.sphere': 'sphere',
  'choice.shape.cylinder': 'cylinder',
  'choice.shape.dumbbell': 'dumbbell',
  'choice.shape.gem': 'gem',

  'why.accumulator': 'fixed dt; alpha blends the picture',
  'why.semiFixed': 'last step partial; no alpha: drawn as off',
  'why.variable': 'dt = frame time; no alpha: drawn as off',
  'why.fixedPerFrame': 'speed follows display only; drawn as off',

  'hint.avalanche': 'Bodies pour down the slope and split round the posts; drag one into the flow.',
  'hint.carousel':
    'Toggle interpolation (I) and watch the mover: steady with it, juddering without.',
  'hint.determinism':
    'Both heaps agree bit for bit under the accumulator; switch strategy to see them diverge.',
  'hint.dominoes': 'Watch the wave run round the spiral; reset (R) to see it again.',
  'hint.pile':
    'Raise the count until physics cost per step passes the dt budget and slow motion sets in.',
  'hint.playground': 'Drag bodies with the mouse, throw with F, spawn from the panel.',
  'hint.pyramid':
    'Boxes stand on their own until the block lands; 11 layers is Jolt’s 1,771-box test.',
  'hint.rain':
    'A downpour of mixed shapes: watch physics / step climb as they land, then fall as they sleep.',
  'hint.spring': 'Switch the strategy to variable and inject a hitch (H): the chains blow apart.',
  'hint.stack': 'Throw a ball at the tower (F) or drag a brick out.',
  'hint.tower': 'The ball brings it down; reset (R) to watch again, or throw more (F).',
  'hint.tunnel': 'Strategy variable + hitch (H): a long step jumps the ball clean through a wall.',

  'hud.thread': 'physics thread',
  'hud.threadMain': 'main',
  'hud.threadWorker': 'worker, {transport}, +{steps} steps',
  'hud.fps': 'fps',
  'hud.steps': 'steps / frame',
  'hud.alpha': 'alpha',
  'hud.accumulator': 'accumulator',
  'hud.physicsPerStep': 'physics / step',
  'hud.interpolation': 'interpolation / frame',
  'hud.bodies': 'bodies (awake / asleep)',
  'hud.simOverReal': 'sim ÷ real time',
  'hud.givenUp': 'given up: cap/clamp/throttle',
  'hud.value.physicsPerStep': '{0} ms ({1}% of dt)',
  'hud.value.simOverReal': '{0}× ({1} s, {2} frames)',
  'hud.paused': 'paused',
  'hud.slowMotion': 'slow motion ×{0} — {1} s given up',

  'message.urlErrors': '{count} URL parameters were not used:',
  'message.badLanguage':
    "URL parameter 'lang' = {value} is invalid: expected one of {valid}. Using '{language}'.",
  'message.dismiss': 'Dismiss',
  'message.dismissLabel': 'Dismiss message',

  'help.keys':
    'drag: move a body · click: track it · right-drag/scroll: camera · F throw · H hitch · space pause · . step · R reset · I interpolation · Del delete tracked',
  'help.touch':
    'one finger: drag a body, or turn the view · tap: track a body · two fingers: pan, zoom',
} as const;

/** A text's key. */
export type TextKey = keyof typeof EN;

/** A language's table: every key of the English one, and no other. */
export type TextTable = Readonly<Record<TextKey, string>>;
