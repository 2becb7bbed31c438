import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

export interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  targets: string[];
}

/** Runs axe-core in the page and returns what would block or seriously hinder someone. */
export async function findSeriousViolations(page: Page): Promise<AxeViolation[]> {
  const hasAxe = await page.evaluate(() => 'axe' in window);
  // Not page.addScriptTag: the app's content security policy rightly blocks inline scripts, while
  // code evaluated through the DevTools protocol is exempt and leaves the policy under test intact.
  if (!hasAxe) await page.evaluate(AXE_SOURCE);
  // Judged at rest: an element mid-transition (a toast sliding in, half transparent) shows colours it
  // never keeps. Endless animations (spinners, skeletons) are left running: they never finish.
  // A paused one would never finish either: two seconds at most.
  await page.evaluate(() =>
    Promise.race([
      Promise.all(
        document
          .getAnimations()
          .filter(
            (animation) => animation.effect?.getComputedTiming().iterations !== Number.POSITIVE_INFINITY,
          )
          .map((animation) => animation.finished.catch(() => undefined)),
      ),
      new Promise((resolve) => setTimeout(resolve, 2_000)),
    ]),
  );
  const violations = await page.evaluate(async () => {
    // axe is a global once the script is in the page; the e2e tsconfig has no axe types for window.
    const axe = (
      window as unknown as {
        axe: {
          run: (
            context: Document,
            options: { resultTypes: string[]; elementRef: boolean },
          ) => Promise<AxeResults>;
        };
      }
    ).axe;
    interface AxeResults {
      violations: {
        id: string;
        impact?: string | null;
        help: string;
        nodes: { target: unknown[]; element?: Element }[];
      }[];
    }
    // Only violations are read: axe then skips collecting every passing and inapplicable node, which
    // changes nothing it finds (axe-core's documented `resultTypes`). `elementRef` gives each node's
    // element, for the toasts below.
    const results = await axe.run(document, { resultTypes: ['violations'], elementRef: true });
    // A toast whose time ran out while axe ran was judged fading out, in colours it never shows at
    // rest (the wait above can only see the transitions already started). Sonner marks a leaving
    // toast `data-removed` and unmounts it 200 ms later.
    const leftDuringTheRun = (element: Element | undefined) => {
      if (!element) return false;
      // closest() still finds the toast once it is unmounted: it is then the detached tree's root.
      const toast = element.closest<HTMLElement>('[data-sonner-toast]');
      return toast !== null && (!toast.isConnected || toast.dataset.removed === 'true');
    };
    return results.violations
      .map((violation) => ({
        id: violation.id,
        impact: violation.impact ?? null,
        help: violation.help,
        targets: violation.nodes
          .filter((node) => !leftDuringTheRun(node.element))
          .map((node) => node.target.map(String).join(' ')),
      }))
      .filter((violation) => violation.targets.length > 0);
  });
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** A readable summary for assertion messages. */
export function describeViolations(violations: AxeViolation[]): string {
  return violations
    .map(
      (violation) =>
        `${violation.impact} ${violation.id}: ${violation.help} (${violation.targets.join(', ')})`,
    )
    .join('\n');
}

/** Fails with the list of what would block or seriously hinder someone on the page, `where` naming it. */
export async function expectNoSeriousViolations(page: Page, where: string) {
  const violations = await findSeriousViolations(page);
  expect(violations, `${where}:\n${describeViolations(violations)}`).toEqual([]);
}
