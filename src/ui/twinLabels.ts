// Captions for the determinism lab: each world's display rate, step and state hash, and whether
// the two agree at the latest step both have reached.

import { overlayLabel } from './overlayLabel';
import type { TwinReport } from '../stats/statsSnapshot';

export class TwinLabels {
  private readonly left: HTMLElement;
  private readonly right: HTMLElement;
  private readonly verdict: HTMLElement;

  constructor(parent: HTMLElement) {
    this.left = overlayLabel(parent, 'twin-label twin-label-left', 'twin-left');
    this.right = overlayLabel(parent, 'twin-label twin-label-right', 'twin-right');
    this.verdict = overlayLabel(parent, 'twin-verdict', 'twin-verdict');
  }

  update(report: TwinReport | null): void {
    const hidden = report === null;
    this.left.hidden = hidden;
    this.right.hidden = hidden;
    this.verdict.hidden = hidden;
    if (!report) return;
    const at = report.comparedStep;
    this.left.textContent = `${report.leftHz} Hz display · step ${report.leftStep}${at > 0 ? ` · #${at} ${report.leftHash}` : ''}`;
    this.right.textContent = `${report.rightHz} Hz display · step ${report.rightStep}${at > 0 ? ` · #${at} ${report.rightHash}` : ''}`;
    if (at <= 0) this.verdict.textContent = 'waiting for the first step…';
    else if (report.agree && report.divergedAt < 0)
      this.verdict.textContent = `identical at step ${at} ✓`;
    else this.verdict.textContent = `diverged ✗ ${describeDivergence(report)}`;
    this.verdict.dataset.agree = String(report.agree);
  }
}

/** Where the worlds first parted: the step, and the first body and field that differed there. */
function describeDivergence(report: TwinReport): string {
  const d = report.divergence;
  if (!d) return '';
  const where = d.body === null ? '' : ` · body ${d.body} ${d.field ?? ''}`;
  return `first at step ${d.step}${where}`;
}
