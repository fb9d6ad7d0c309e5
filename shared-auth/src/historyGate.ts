// The browser's Back and Forward buttons move the history before any page code runs, and a
// popstate cannot be cancelled: the router hears it and shows the other page. A form with unsaved
// changes (shared-ui's useUnsavedChangesGuard) must hear it first, to step back and ask. On the
// window, listeners run in the order they were added, capturing or not, so the gate is added by
// the shell before its router listens (bootstrap), and a guard holds the history through it.
// It lives here, in the federated singleton, so the shell's gate and a remote's guard are one.

/** Sees a Back or Forward move first; answers true to keep the router from hearing it. */
export type HistoryGate = (event: PopStateEvent) => boolean;

const gates = new Set<HistoryGate>();
let installed = false;

function letThrough(event: PopStateEvent): void {
  for (const gate of [...gates]) {
    if (gate(event)) {
      event.stopImmediatePropagation();
      return;
    }
  }
}

/** Call once, before any router listens to popstate (the shell's bootstrap, a remote run alone). */
export function installHistoryGate(): void {
  if (installed || typeof window === 'undefined') return;
  installed = true;
  window.addEventListener('popstate', letThrough);
}

/**
 * Holds Back and Forward moves while `gate` says so; returns the release. Installs the gate if
 * nobody did (then it sees the moves only if it was added before the router's listener).
 */
export function gateHistory(gate: HistoryGate): () => void {
  installHistoryGate();
  gates.add(gate);
  return () => {
    gates.delete(gate);
  };
}

/** The router's index of a history entry (react-router keeps `idx` in its state), or null. */
export function historyIndex(state: unknown): number | null {
  const idx = (state as { idx?: unknown } | null)?.idx;
  return typeof idx === 'number' ? idx : null;
}
