// The processes `npm start` supervises, as its supervisor writes them to RUN_STATE_FILE
// (scripts/supervisor.mjs): journeys that crash or pause one read their pids here.
import { readFileSync } from 'node:fs';
import path from 'node:path';

export interface SupervisedProcess {
  name: string;
  pid: number | null;
  restarts: number;
  startedAt: string;
}

const stateFile = path.join(process.env.E2E_DELIVERY_DIR ?? '', 'processes.json');

export function supervised(name: 'api' | 'remotes' | 'shell'): SupervisedProcess {
  const { processes } = JSON.parse(readFileSync(stateFile, 'utf8')) as {
    processes: SupervisedProcess[];
  };
  const found = processes.find((candidate) => candidate.name === name);
  if (!found) throw new Error(`${name} is not in ${stateFile}`);
  return found;
}

/** The pid of a running supervised process (the journey cannot go on without it). */
export function pidOf(name: 'api' | 'remotes' | 'shell'): number {
  const { pid } = supervised(name);
  if (!pid) throw new Error(`the ${name} process has no pid`);
  return pid;
}
