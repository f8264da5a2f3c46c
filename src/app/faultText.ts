// The message for bodies the state guard removed, in the page's language: the guard (physics/)
// reports what went and why as data, and the words are chosen here, where the page's are known.

import type { TextKey } from '../i18n/en';
import { t } from '../i18n/language';
import { choiceName } from '../i18n/names';
import { WORLD_LIMIT_METERS } from '../physics/index';
import type { FaultReason, FaultReport } from '../physics/index';

/** The field that became NaN or infinite, by the guard's reason. */
const FIELD_TEXTS: Readonly<Record<Exclude<FaultReason, 'range' | 'mass'>, TextKey>> = {
  position: 'fault.position',
  orientation: 'fault.orientation',
  velocity: 'fault.velocity',
  'angular velocity': 'fault.angularVelocity',
};

/** Why one body went, as a phrase. */
function reasonText(reason: FaultReason): string {
  if (reason === 'range') return t('fault.range', { limit: WORLD_LIMIT_METERS });
  if (reason === 'mass') return t('fault.mass');
  return t('fault.notFinite', { what: t(FIELD_TEXTS[reason]) });
}

/** One line for the user: how many bodies went, the first few by kind, index, step and reason. */
export function faultMessage(report: FaultReport): string {
  const shown = report.faults.slice(0, 3).map((fault) =>
    t('fault.body', {
      kind: choiceName(fault.kind),
      index: fault.index,
      step: fault.step,
      reason: reasonText(fault.reason),
    }),
  );
  const more = report.count - shown.length;
  return t('fault.summary', {
    bodies: report.count === 1 ? t('fault.oneBody') : t('fault.bodies', { count: report.count }),
    list: shown.join('; '),
    more: more > 0 ? t('fault.more', { count: more }) : '',
  });
}
