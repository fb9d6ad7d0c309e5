// While a form holds unsaved changes: leaving it inside the dashboard asks first ("Leave without
// saving?"), and closing or reloading the tab gets the browser's own prompt.
//
// Not react-router's `useBlocker`: it works only under a data router, and the shell renders a
// <BrowserRouter> whose history every remote shares (shell/src/app/Shell.tsx hands its navigator
// to each remote's <Router>). Every in-app navigation goes through that navigator's `push`,
// `replace` or `go` (a <Link>, `navigate()`, the shell's menu, a snackbar's link), so while the
// form is dirty the guard stands in for those three and holds the navigation until the person
// chooses Stay or Leave. The browser's own Back and Forward buttons move the history before any
// page code runs (popstate cannot be cancelled): the guard hears them first through shared-auth's
// history gate (the shell adds it before its router listens), steps the history back to the form
// and asks; Leave then makes the same move again and lets the router hear it.
import { useCallback, useContext, useEffect, useState } from 'react';
import { UNSAFE_NavigationContext } from 'react-router';
import { gateHistory, historyIndex } from '@hostdash/shared-auth';

export interface UnsavedChangesGuard {
  /** A navigation is held: the page asks whether to leave. */
  asking: boolean;
  /** What would be lost, for the question: "Bay View Loft". */
  what: string;
  /** Stay on the page, edits kept; the held navigation is dropped. */
  stay: () => void;
  /** Leave: the held navigation goes ahead and the edits are dropped. */
  leave: () => void;
}

type Proceed = () => void;

/** Tells the browser to ask before the tab is closed or reloaded (its own words; ours are ignored). */
function askBeforeUnload(event: BeforeUnloadEvent): void {
  event.preventDefault();
  // Older browsers ask only when returnValue is set.
  event.returnValue = '';
}

/**
 * Guards a form: `dirty` while it holds changes not yet saved; `what` names the thing edited.
 * Render `<UnsavedChangesDialog guard={…} />` beside the form to ask.
 */
export function useUnsavedChangesGuard(dirty: boolean, what: string): UnsavedChangesGuard {
  const { navigator: history } = useContext(UNSAFE_NavigationContext);
  const [held, setHeld] = useState<Proceed | null>(null);

  useEffect(() => {
    if (!dirty) return;
    const original = { push: history.push, replace: history.replace, go: history.go };
    const hold = (proceed: Proceed) => setHeld(() => proceed);
    const guarded: Pick<typeof history, 'push' | 'replace' | 'go'> = {
      push: (...args) => hold(() => original.push.apply(history, args)),
      replace: (...args) => hold(() => original.replace.apply(history, args)),
      go: (delta) => hold(() => original.go.call(history, delta)),
    };
    Object.assign(history, guarded);

    // Back and Forward: undone at once, then asked about.
    const formIndex = historyIndex(window.history.state);
    let undoing = false;
    let passing = false;
    const releaseHistory = gateHistory((event) => {
      if (passing) {
        passing = false;
        return false;
      }
      if (undoing) {
        undoing = false;
        return true;
      }
      const target = historyIndex(event.state);
      if (formIndex === null || target === null || target === formIndex) return false;
      undoing = true;
      window.history.go(formIndex - target);
      hold(() => {
        passing = true;
        window.history.go(target - formIndex);
      });
      return true;
    });
    window.addEventListener('beforeunload', askBeforeUnload);
    return () => {
      releaseHistory();
      // Only what is still ours: a guard set up later (another form) keeps its own.
      for (const name of ['push', 'replace', 'go'] as const)
        if (history[name] === guarded[name]) Object.assign(history, { [name]: original[name] });
      window.removeEventListener('beforeunload', askBeforeUnload);
    };
  }, [dirty, history]);

  const stay = useCallback(() => setHeld(null), []);
  const leave = useCallback(() => {
    setHeld(null);
    held?.();
  }, [held]);

  return { asking: held !== null, what, stay, leave };
}
