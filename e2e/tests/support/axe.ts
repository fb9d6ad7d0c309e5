// axe-core (Deque's accessibility engine) run inside the page as it is now: the rules of WCAG 2.0-2.2
// A and AA. A journey asserts that no violation is serious or critical; moderate and minor ones
// are returned too, for the report.
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';

const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: Result['impact'];
  help: string;
  /** Where: the first few elements' selectors. */
  targets: string[];
}

/** Every violation axe finds in the page (or in `include`, a CSS selector), worst first. */
export async function axeViolations(page: Page, include?: string): Promise<AxeViolation[]> {
  // Evaluated through the browser's debugging protocol, which the page's Content-Security-Policy
  // (no inline script) does not govern: the page under test keeps its real policy. Once per
  // document: a sweep moving through the app in one document compiles its half megabyte once.
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  // Transitions under way end first (a row fading in is not yet its colour); endless ones (a
  // spinner) are left running.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === 'running' &&
            animation.effect?.getComputedTiming().iterations !== Infinity,
        )
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await page.evaluate(
    async ({ include }) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<unknown> } })
        .axe;
      return (await axe.run(include ? { include: [include] } : document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
        // Details for the violations only (the passes' every node cost the sweep a sixth of its time).
        resultTypes: ['violations'],
      })) as AxeResults;
    },
    { include },
  );
  const order = ['critical', 'serious', 'moderate', 'minor'];
  return results.violations
    .map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      targets: violation.nodes.slice(0, 5).map((node) => node.target.join(' ')),
    }))
    .sort((a, b) => order.indexOf(a.impact ?? 'minor') - order.indexOf(b.impact ?? 'minor'));
}

/** The serious and critical ones: what a journey fails on. */
export const seriousOf = (violations: AxeViolation[]): AxeViolation[] =>
  violations.filter(
    (violation) => violation.impact === 'serious' || violation.impact === 'critical',
  );
