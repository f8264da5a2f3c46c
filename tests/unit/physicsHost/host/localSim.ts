// A Simulation with its physics on this thread, and the host and core it steps: for tests that
// look inside the world (bodies, commands, the state guard) as the page's pipeline drives it.

import { Simulation } from '../../../../src/app/simulation';
import type { LoadOptions } from '../../../../src/app/simulation';
import type { PhysicsCore } from '../../../../src/physicsHost/core/physicsCore';
import { LocalHost } from '../../../../src/physicsHost/host/localHost';
import type { PhysicsTuning } from '../../../../src/physics/world/tuning';

export interface LocalSim {
  sim: Simulation;
  host: LocalHost;
  core: PhysicsCore;
}

/** `scene` built on this thread (see PhysicsCore), driven by a Simulation. */
export function localSim(
  scene: string,
  options: LoadOptions = {},
  tuning?: Readonly<PhysicsTuning>,
): LocalSim {
  const host = new LocalHost(scene, options, tuning);
  return { sim: new Simulation(host), host, core: host.core };
}
