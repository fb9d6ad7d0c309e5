// How the connect page says an import's progress: its steps, one percentage over all of them,
// the counts of the step under way, and the time it has taken.
import type { ImportTask } from './onboardApi';

type Step = ImportTask['step'];
export const STEPS: readonly Step[] = ['connecting', 'listings', 'reservations', 'screening'];

// Each step's share of the bar: listings and reservations are most of the work.
const WEIGHTS: Record<Step, number> = {
  connecting: 5,
  listings: 35,
  reservations: 45,
  screening: 15,
};

function stepFraction(task: ImportTask, step: Exclude<Step, 'connecting'>): number {
  const { done, total } = task.progress[step];
  if (total === null || total === 0) return 0;
  return Math.min(1, done / total);
}

/** 0–100 over all steps; 100 only once the task succeeded. */
export function importPercent(task: ImportTask): number {
  if (task.state === 'succeeded') return 100;
  const at = STEPS.indexOf(task.step);
  let percent = 0;
  STEPS.forEach((step, index) => {
    if (index < at) percent += WEIGHTS[step];
    else if (index === at && step !== 'connecting')
      percent += WEIGHTS[step] * stepFraction(task, step);
  });
  return Math.min(99, Math.floor(percent));
}

const NOUNS: Record<Exclude<Step, 'connecting'>, string> = {
  listings: 'listings',
  reservations: 'reservations',
  screening: 'reservations screened for risk',
};

/** "84 of 120 listings" for the step under way (or the totals once it succeeded). */
export function stepCounts(task: ImportTask): string {
  if (task.state === 'succeeded')
    return `${task.progress.listings.done} listings · ${task.progress.reservations.done} reservations`;
  if (task.step === 'connecting')
    return task.state === 'queued' ? 'Waiting to start' : 'Connecting';
  const { done, total } = task.progress[task.step];
  return total === null ? `${done} ${NOUNS[task.step]}` : `${done} of ${total} ${NOUNS[task.step]}`;
}

/** "12 s", "3 min 4 s". */
export function durationInWords(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min ${seconds % 60} s`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}
