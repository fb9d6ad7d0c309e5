// The supervisor against stand-in processes and a clock of its own: which process starts again,
// when, and what stopping does. (The e2e journey `resilience` crashes a real one under npm start.)
import { EventEmitter } from 'node:events';
import { mkdtempSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { restartDelay, supervise } from './supervisor.mjs';

/** A stand-in child process: `crash()` makes it exit as a crashed process would. */
class FakeChild extends EventEmitter {
  static nextPid = 100;
  pid = FakeChild.nextPid++;
  exitCode = null;
  killedWith = null;
  kill(signal) {
    this.killedWith = signal;
    this.exit(null, signal);
  }
  crash(code = 1) {
    this.exit(code, null);
  }
  exit(code, signal) {
    this.exitCode = code ?? 1;
    this.emit('exit', code, signal);
  }
}

function harness() {
  let clock = 0;
  const timers = [];
  const children = [];
  const lines = [];
  const stateFile = path.join(mkdtempSync(path.join(os.tmpdir(), 'supervisor-')), 'processes.json');
  const supervisor = supervise(
    [
      { name: 'api', args: ['api.js'] },
      { name: 'shell', args: ['shell.js'] },
    ],
    {
      spawn: (_command, args) => {
        const child = new FakeChild();
        child.args = args;
        children.push(child);
        return child;
      },
      log: (line) => lines.push(line),
      now: () => clock,
      setTimer: (run, ms) => {
        const timer = { at: clock + ms, run, cleared: false };
        timers.push(timer);
        return timer;
      },
      clearTimer: (timer) => {
        timer.cleared = true;
      },
      stateFile,
    },
  );
  /** Moves the clock, running the timers that come due. */
  const advance = (ms) => {
    clock += ms;
    for (const timer of timers.filter((t) => !t.cleared && t.at <= clock)) {
      timer.cleared = true;
      timer.run();
    }
  };
  const latest = (name) => children.filter((child) => child.args[0] === `${name}.js`).at(-1);
  const state = () => JSON.parse(readFileSync(stateFile, 'utf8')).processes;
  return { supervisor, children, lines, advance, latest, state };
}

describe('the supervisor of npm start', () => {
  it('starts a crashed process again after a back-off, while the others keep running', () => {
    const { lines, advance, latest, children } = harness();
    const shell = latest('shell');
    latest('api').crash(1);
    expect(lines.at(-1)).toMatch(
      /^\[api\] stopped \(exit 1\) after 0 s; starting it again in 0.5 s \(restart 1\)/,
    );
    advance(499);
    expect(children).toHaveLength(2);
    advance(1);
    expect(children).toHaveLength(3);
    expect(latest('api').args).toEqual(['api.js']);
    expect(shell.exitCode).toBeNull();
    expect(lines.at(-1)).toBe(`[api] started again (pid ${latest('api').pid}).`);
  });

  it('doubles the wait while a process keeps crashing, up to 30 s, and forgets once it has run a minute', () => {
    expect([0, 1, 2, 3, 6, 7, 20].map((restarts) => restartDelay(restarts))).toEqual([
      500, 1000, 2000, 4000, 30_000, 30_000, 30_000,
    ]);
    const { lines, advance, latest } = harness();
    latest('api').crash();
    advance(500);
    latest('api').crash();
    expect(lines.at(-1)).toMatch(/starting it again in 1 s \(restart 2\)/);
    advance(1000);
    advance(60_000); // a minute of good running
    latest('api').crash();
    expect(lines.at(-1)).toMatch(/after 60 s; starting it again in 0.5 s \(restart 3\)/);
  });

  it('keeps the state file current: each process with its pid and restarts', () => {
    const { advance, latest, state } = harness();
    const first = latest('api').pid;
    latest('api').crash();
    advance(500);
    expect(state()).toEqual([
      expect.objectContaining({ name: 'api', pid: latest('api').pid, restarts: 1 }),
      expect.objectContaining({ name: 'shell', pid: latest('shell').pid, restarts: 0 }),
    ]);
    expect(latest('api').pid).not.toBe(first);
  });

  it('says it has stopped once every process has exited, not when it asked them to', async () => {
    const { supervisor, latest } = harness();
    const shell = latest('shell');
    // A server finishing its requests in flight exits a while after the signal.
    shell.kill = (signal) => {
      shell.killedWith = signal;
    };
    let stopped = false;
    const stopping = supervisor.stop().then(() => (stopped = true));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect([shell.killedWith, stopped]).toEqual(['SIGTERM', false]);
    shell.exit(0, null);
    await stopping;
    expect(stopped).toBe(true);
  });

  it('stops every process when stopped, and starts nothing again', () => {
    const { supervisor, advance, children, latest } = harness();
    latest('api').crash();
    supervisor.stop();
    advance(60_000);
    expect(children).toHaveLength(2);
    expect(latest('shell').killedWith).toBe('SIGTERM');
  });
});
