// The steps after the welcome (steps.tsx) arrive as a chunk of their own: fetched a moment after
// the welcome has painted, so that Start finds them there, and at once when a screen needs them (a
// guest coming back to a later step, a refusal to show). A fetch that fails is tried again when
// asked next; until then the screen says the page is offline and offers to try again.
import { useEffect, useState } from 'react';
import type * as StepsModule from './steps';

export type Steps = typeof StepsModule;

let arrived: Steps | null = null;
let loading: Promise<Steps> | null = null;

/** The steps' module, fetched once (a failed fetch is forgotten). */
export function loadSteps(): Promise<Steps> {
  loading ??= import(/* webpackChunkName: "guest-steps" */ './steps').then(
    (steps) => (arrived = steps),
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** A guest reads the welcome for a few seconds: the steps may wait this long after its paint. */
const AFTER_WELCOME_MS = 1000;

/**
 * A moment after the welcome's paint, once the browser has nothing else to do: never in the way
 * of the welcome itself (an idle callback alone comes within a millisecond of the paint).
 */
function afterWelcome(task: () => void): () => void {
  let idle: number | null = null;
  const timer = setTimeout(() => {
    if (typeof window.requestIdleCallback === 'function')
      idle = window.requestIdleCallback(task, { timeout: AFTER_WELCOME_MS });
    else task();
  }, AFTER_WELCOME_MS);
  return () => {
    clearTimeout(timer);
    if (idle !== null) window.cancelIdleCallback(idle);
  };
}

export interface StepsState {
  /** The module, once it has arrived. */
  steps: Steps | null;
  /** A fetch the page needed did not come. */
  failed: boolean;
  retry(): void;
}

/**
 * The steps for a render: `needed` when what is on screen uses them (fetched at once), `soon`
 * when the guest will go on to them (fetched when the page is idle).
 */
export function useSteps(needed: boolean, soon: boolean): StepsState {
  const [, setCount] = useState(0);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    if (arrived || (!needed && !soon)) return;
    let active = true;
    const fetchSteps = () =>
      void loadSteps().then(
        () => active && setCount((count) => count + 1),
        () => active && needed && setFailed(true),
      );
    if (needed) {
      fetchSteps();
      return () => {
        active = false;
      };
    }
    const cancel = afterWelcome(fetchSteps);
    return () => {
      active = false;
      cancel();
    };
  }, [needed, soon, attempt]);
  return {
    steps: arrived,
    failed: failed && !arrived,
    retry: () => {
      setFailed(false);
      setAttempt((count) => count + 1);
    },
  };
}
