// Which physics wrote a saved state or a recording. A file from other physics still loads (its
// bodies are plain data), but its steps from there on need not be the ones it recorded: the
// page says so, and a replay reports the first step that differs.

import { fieldError, join, readInteger } from './fields';
import { t } from '../i18n/language';

/**
 * The physics this build steps with. 1: files that carry no `physics` field; 2: under the app's
 * configuration, restitution by the textbook (a pass after the solve's sweeps,
 * physics/solver/restitution.ts) and resting points kept within CONTACT_MARGIN as speculative rows;
 * 3: the restitution pass repeated until a manifold's bouncing points agree (one pass in order
 * gave a box landing flat on four corners a spin). Raise it whenever a change moves the bits of a step that an earlier build would have taken,
 * and say why here.
 */
export const PHYSICS_VERSION = 3;

/** The physics a file was written by: its `physics` field, or 1 where it has none. */
export function readPhysicsVersion(what: string, value: unknown, path: string): number {
  if (value === undefined) return 1;
  const version = readInteger(what, value, join(path, 'physics'), 1, Number.MAX_SAFE_INTEGER);
  if (version > PHYSICS_VERSION) {
    throw fieldError(
      what,
      join(path, 'physics'),
      value,
      t('field.newerPhysics', { version: PHYSICS_VERSION }),
    );
  }
  return version;
}
