// Shared bench plumbing: medians, the machine description and plain-text tables.

import { readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** One line naming the machine the numbers came from. */
export function describeMachine(): string {
  const cores = cpus();
  const model = cores[0]?.model.trim() ?? 'unknown CPU';
  const memoryGiB = (totalmem() / 2 ** 30).toFixed(0);
  return `${cores.length} × ${model}, ${memoryGiB} GiB, Node ${process.version} (${process.platform} ${process.arch})`;
}

/** A Markdown table (so docs/ can take it as printed), columns right-aligned after the first. */
export function formatTable(
  header: readonly string[],
  rows: readonly (readonly string[])[],
): string {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? '').length)));
  const line = (cells: readonly string[]): string =>
    `| ${cells
      .map((cell, c) => (c === 0 ? cell.padEnd(widths[c] ?? 0) : cell.padStart(widths[c] ?? 0)))
      .join(' | ')} |`;
  const rule = `| ${widths.map((w, c) => (c === 0 ? '-'.repeat(w) : `${'-'.repeat(w - 1)}:`)).join(' | ')} |`;
  return [line(header), rule, ...rows.map(line)].join('\n');
}

/**
 * How busy the machine is: load averages and, on Linux, the share of time runnable tasks
 * waited for a CPU (/proc/pressure/cpu, "some" over 10 s and 60 s). Other work on a shared
 * machine slows even CPU-timed code (caches, the other hyperthread), so the numbers say so.
 */
export function describeLoad(): string {
  const load = loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
  let pressure = '';
  try {
    const some = /some avg10=([\d.]+) avg60=([\d.]+)/.exec(
      readFileSync('/proc/pressure/cpu', 'utf8'),
    );
    if (some) pressure = `; CPU pressure ${some[1]}% (10 s), ${some[2]}% (60 s)`;
  } catch {
    // No pressure stall information on this system.
  }
  return `load average ${load}${pressure}`;
}

export function fixed(value: number, digits: number): string {
  return Number.isFinite(value) ? value.toFixed(digits) : '—';
}
