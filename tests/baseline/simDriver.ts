// The baseline runs' view of a Simulation (see scenarios.ts): the calls they make, by name.

import type { Simulation } from '../../src/app/simulation';
import type { CommandAction } from '../../src/physics/world/commands';
import type { BaselineSim } from './scenarios';

export function baselineSim(sim: Simulation): BaselineSim {
  return {
    frameAndWait: (seconds) => sim.frameAndWait(seconds),
    queue: (action) => sim.queue(action as CommandAction),
    setDragTarget: (point) => sim.host.input.setDragTarget(point),
    idAt: (index) => sim.host.bodies.idAt(index),
    hash: () => sim.host.bodies.hash(),
    get publishedStep() {
      return sim.host.stepping.publishedStep;
    },
    set: (patch) => sim.set(patch),
    load: (sceneId, options) => sim.load(sceneId, options),
    saveState: () => sim.timeline.saveState(),
    loadState: (state) => sim.timeline.loadState(state),
    record: (options) => sim.timeline.record(options),
    stopRecording: () => sim.timeline.stopRecording(),
    replay: (recording) => sim.timeline.replay(recording),
    seek: (step) => sim.timeline.seek(step),
  };
}
