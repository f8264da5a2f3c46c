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
  'label.governor': 'overload governor',
  'label.stepCostMs': 'emulated step cost (ms)',
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
  'record.statusRecording': '● Recording: {steps} steps, {inputs} inputs',
  'record.statusIdle': 'Not recording; nothing recorded or loaded yet.',
  'record.statusHeld': 'Not recording; a recording of {steps} steps is loaded.',
  'record.statusReplay': 'Replay at step {step} of {end}',
  'record.statusDiverged': '✗ diverged at {where}',
  'record.statusUnchecked': 'nothing checked yet',
  'record.statusVerified': '✓ verified to step {step}',

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

  'scene.avalanche': 'Avalanche (stress)',
  'scene.carousel': 'Carousel',
  'scene.determinism': 'Determinism (60 vs 144 Hz)',
  'scene.dominoes': 'Dominoes',
  'scene.pile': 'Pile',
  'scene.playground': 'Playground',
  'scene.pyramid': 'Pyramid (stress)',
  'scene.rain': 'Rain (stress)',
  'scene.spring': 'Spring chain',
  'scene.stack': 'Stack',
  'scene.tower': 'Tower (stress)',
  'scene.tunnel': 'Tunnelling',
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

  'spec.integer': 'an integer from {min} to {max}',
  'spec.number': 'a number from {min} to {max}',
  'spec.oneOf': 'one of {choices}',
  'spec.boolean': 'true or false',
  'setting.unknown': 'Unknown setting {key}; valid settings are {valid}.',
  'setting.invalid': "Setting '{key}' = {value} is invalid: expected {expected}.",
  'setting.notObject': 'Settings patch must be an object such as { physicsHz: 60 }, got {value}.',
  'setting.retired':
    '{what} = {value} is retired: the contact solver now runs on one thread, with the same physics bit for bit, so {outcome}.',
  'setting.retiredName': "Setting '{key}'",
  'setting.retiredOutcome': 'the other settings applied',

  'url.badScene':
    "URL parameter 'scene' = {value} is not a scene; valid scenes are {valid}. Using '{scene}'.",
  'url.fixedCount': "URL parameter 'count' is ignored: scene '{scene}' has a fixed size.",
  'url.badCount':
    "URL parameter 'count' = {value} is invalid for scene '{scene}': expected {expected}. Using {count}.",
  'url.badSeed': "URL parameter 'seed' = {value} is invalid: expected {expected}. Using {seed}.",
  'url.booleanSpec': '1, 0, true or false',
  'url.badSetting':
    "URL parameter '{param}' = {value} is invalid: expected {expected}. Using the default.",
  'url.retiredName': "URL parameter '{param}'",
  'url.retiredOutcome': 'the page loaded with one',
  'url.nearMiss':
    "URL parameter {param} is not one this page reads: did you mean '{known}'? It was ignored.",
  'url.unread':
    'URL parameters this page does not read were ignored ({count} in all): {names}; it reads {valid}.',
  'url.repeated':
    "URL parameter '{param}' is given {count} times ({values}): the first is used, the rest ignored.",

  'api.loadOptions': 'load options must be an object such as { count: 300, seed: 7 }, got {value}.',
  'api.unknownLoadOption': 'Unknown load option {key}; valid options are count, seed.',
  'api.loadCount': 'load option count = {value} is invalid: expected an integer.',
  'api.loadSeed': 'load option seed = {value} is invalid: expected {expected}.',
  'api.loadScene': 'load expects a scene name, got {value}; valid scenes are {valid}.',
  'api.advanceArray':
    'advance expects an array of frame durations in seconds, such as [1/60, 1/60], got {value}.',
  'api.advanceTooMany': 'advance got {count} frames; at most {max} per call.',
  'api.advanceFrame':
    'advance frame {frame} = {value} is invalid: expected a finite number of seconds ≥ 0.',
  'api.indexNoBodies': '{call} index = {value} is invalid: the scene has no bodies.',
  'api.index':
    '{call} index = {value} is invalid: expected an integer from 0 to {max} (the scene has {count} bodies).',
  'api.hitch': 'hitch seconds = {value} is invalid: expected {expected}.',
  'api.track': 'track index = {value} is invalid: expected null or an integer from 0 to {max}.',
  'api.alreadyRecording': 'Already recording: call stopRecording() first.',
  'api.notRecording': 'Not recording: call record() first.',
  'api.replayWhileRecording':
    'Recording: call stopRecording() first (a replay would discard the recording).',
  'api.seekNoReplay': 'seek needs a replay: call replay(recording) first.',
  'api.notDrawn': 'Body {index} has not been drawn yet.',
  'api.atStep': 'atStep = {value} is invalid: expected an integer ≥ 0.',

  'message.noTracked': 'No body is tracked: click a body to track it, then delete it.',
  'message.noDragInLab':
    'Dragging is off in the determinism lab: the mouse pulls in real time, between steps, so the two worlds would feel it at different steps and part ways. Spawn or throw (F) instead — both worlds get those at the same step.',
  'message.webglLost':
    'The WebGL context was lost (GPU reset or too many 3D pages), so nothing can be drawn. The simulation keeps running; drawing resumes when the browser restores the context.',
  'message.webglRestored': 'The WebGL context was restored; drawing again.',
  'message.workerFallback':
    "Physics runs on the page's own thread: the physics worker {reason}. {rebuilt}; drawing and physics now share each frame.",
  'message.rebuiltSameStep':
    'The scene was rebuilt here at the same step ({step}, its inputs replayed)',
  'message.startedAgain': 'The scene started again here (its world could not be rebuilt: {error})',
  'message.recoveringPhysics':
    'Recovering physics: the physics worker {reason}. Its world is being rebuilt here, up to the step last shown ({step}); the picture waits for it.',
  'message.workerSilent': 'stopped answering (silent for {seconds} s)',
  'message.stayedHere': 'The scene stays as it is',
  'message.otherPhysicsState':
    'This saved state was made by other physics (version {version}; this build steps with version {current}): it loads, but the steps from here on may differ from the ones it was made with.',
  'message.otherPhysicsRecording':
    'This recording was made by other physics (version {version}; this build steps with version {current}): it loads, but the steps from here on may differ from the ones it was made with. The replay reports the first step where they part.',
  'fault.range': 'left the world (more than {limit} m from the origin)',
  'fault.mass': 'its weight (mass × g) is too large to simulate',
  'fault.notFinite': 'its {what} became NaN or infinite',
  'fault.body': '{kind} #{index} at step {step}: {reason}',
  'fault.oneBody': '1 body',
  'fault.bodies': '{count} bodies',
  'fault.more': '; and {count} more',
  'fault.summary':
    'Removed {bodies} whose physics state broke ({list}{more}). The rest of the scene keeps running.',

  'record.whereStep': 'step {step}',
  'record.whereBody': 'body {body}',
  'record.dropNoFile':
    'That drop held no file: drop a .json file made by "save state" or "save recording".',
  'record.theLink': 'The link',
  'record.droppedMany': '{count} files were dropped; only the first one is opened.',
  'record.notOpened': '{source} was not opened. {reason}',
  'record.linkCopied': 'copied to the clipboard',
  'record.linkNotCopied': 'not copied (the clipboard refused: {reason}): copy it from there',
  'record.linkWhatState': 'this moment',
  'record.linkWhatRecording': 'the recording',
  'record.linkMade': 'A link to {what} ({length} characters) is in the address bar, {copied}.',
  'file.label': 'File {name}',
  'file.state': 'a saved state',
  'file.recording': 'a recording',
  'file.either': 'a saved state or a recording',
  'file.tooLarge':
    '{source} is {size} bytes; {what} is at most {limit} bytes ({mib} MiB), so it was not read.',
  'file.tooLargeForKind':
    '{source} is {size} bytes and holds {what}, which is at most {limit} bytes ({mib} MiB), so it was not opened.',

  'notice.noWebglTitle': '3D view unavailable: WebGL 2 is not available',
  'notice.noWebglBecause': 'Nothing can be drawn because {reason}.',
  'notice.webgl1': 'this browser offers WebGL 1 only, and the 3D view needs WebGL 2',
  'notice.noWebgl': 'this browser gives the page no WebGL',
  'notice.noWebglWhy': 'this browser gives the page no WebGL ({detail})',
  'notice.rendererFailed': 'the WebGL renderer could not start ({detail})',
  'notice.noWebglFix':
    "To see the scene, turn on hardware (graphics) acceleration in the browser's settings and reload, or open the page in a current Chrome, Edge, Firefox or Safari.",
  'notice.noWebglRuns':
    'The simulation, HUD, panel and scripting API (window.sandbox) keep running without drawing.',
  'notice.startupTitle': 'The sandbox could not start',
  'notice.startupRetry': 'Reload the page; if this persists, try another browser.',

  'view.ghostLegend': 'solid: drawn pose · wireframe: raw current physics snapshot',
  'view.drawnAsOff': '{mode}: drawn as off ({strategy} leaves no alpha to blend)',
  'twin.caption': '{hz} Hz display · step {step}',
  'twin.waiting': 'waiting for the first step…',
  'twin.identical': 'identical at step {step} ✓',
  'twin.diverged': 'diverged ✗ {where}',
  'twin.firstAt': 'first at step {step}{where}',
  'twin.where': ' · body {body} {field}',
  'stutter.delete': 'delete this body (Del)',
  'stutter.removed': 'stutter meter: tracked body removed — click a body to track another',
  'stutter.untracked': 'stutter meter: click a body to track it',
  'stutter.readout': 'body {body} — jitter {jitter}% · error {error} mm · {frames} frames',
  'stutter.chartUnavailable':
    'Chart unavailable: it could not start under the browser language {language} ({reason}). The jitter and error figures above are unaffected.',
  'chart.frameMs': 'frame ms',
  'chart.movedMm': 'moved mm',
  'chart.steps': 'steps',
  'chart.alpha': 'alpha',
  'hud.transport.shared': 'shared',
  'hud.transport.transfer': 'transfer',
  'hud.transport.direct': 'direct',

  'help.keys':
    'drag: move a body · click: track it · right-drag/scroll: camera · F throw · H hitch · space pause · . step · R reset · I interpolation · Del delete tracked',
  'help.touch':
    'one finger: drag a body, or turn the view · tap: track a body · two fingers: pan, zoom',
  'tour.label': 'Guided tour of "Fix Your Timestep!"',
  'tour.counter': '{n} / {total}',
  'tour.back': 'Back',
  'tour.next': 'Next',
  'tour.close': 'Close the tour',
  'tour.open': 'Resume the tour',
  'tour.chapters': 'Chapters',
  'tour.badLink':
    "URL parameter 'tour' = {value} is invalid: expected {valid}. The tour stays closed.",
  'tour.fixedPerFrame.title': 'One fixed step per frame',
  'tour.fixedPerFrame.body':
    'Each drawn frame moves the physics one fixed step of 10 ms, however long the frame really took. On this emulated 30 Hz display that is 0.3 s of simulation per real second: slow motion. The speed depends on the display.',
  'tour.fixedPerFrame.measure': 'sim ÷ real {value} · frame rate × dt {expected}',
  'tour.fixedPerFrame.try': 'Inject a hitch (H)',
  'tour.variable.title': 'Variable step',
  'tour.variable.body':
    'Now each step lasts as long as its frame: right speed, wrong physics. These stiff springs need steps of 10 ms or less; a slow frame or a hitch makes one huge step and the chains fly apart (in the tunnel scene a fast ball passes through the wall). Watch the energy.',
  'tour.variable.measure': 'chain energy {value} J',
  'tour.variable.try': 'Reset, then a hitch (R, H)',
  'tour.spiral.title': 'Semi-fixed and the spiral of death',
  'tour.spiral.body':
    'Here a step simulates 10 ms but costs 14 ms of work. Lift the guards and each frame must catch up with a longer one, so frames keep growing: the spiral of death. With the clamp and the step cap on, the simulation slows down instead and gives seconds up.',
  'tour.spiral.measure': 'frame {value} ms · sim ÷ real {rate} · given up {lost} s',
  'tour.spiral.try': 'Lift the guards (4 s)',
  'tour.spiral.lifted': 'Guards lifted: watch the chart',
  'tour.accumulator.title': 'Free the physics: the accumulator',
  'tour.accumulator.body':
    'Frame time goes into an accumulator, and the physics takes whole fixed steps of 10 ms out of it: the same result on any display (the same state hash). But at 60 Hz a frame holds one step or two, so the motion judders.',
  'tour.accumulator.measure': 'stutter {value} %',
  'tour.accumulator.try': 'Switch interpolation on',
  'tour.interpolation.title': 'The final touch: interpolation',
  'tour.interpolation.body':
    'Draw between the last two steps, blended by alpha (the part of a step left in the accumulator): the judder is gone, and the world is shown one step behind. The ghost shows the raw steps; extrapolation guesses ahead instead and overshoots.',
  'tour.interpolation.measure': 'stutter {value} %',
  'tour.interpolation.try': 'Switch interpolation off',
  'tour.hud.title': 'What the HUD tells you',
  'tour.hud.body':
    'After a hitch, time the loop will not simulate is given up: cut by the clamp, dropped by the step cap or held back by the overload governor. The HUD counts those seconds. A player sees a short slow-down, never a freeze or an explosion.',
  'tour.hud.measure': 'given up {value} s (clamp {clamp} · step cap {cap} · governor {governor})',
  'tour.hud.try': 'Press H for a hitch',
} as const;

/** A text's key. */
export type TextKey = keyof typeof EN;

/** A language's table: every key of the English one, and no other. */
export type TextTable = Readonly<Record<TextKey, string>>;
