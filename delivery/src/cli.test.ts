/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBuild, temporaryDir } from './testing';
import { main } from './cli';
import { readRegistryFile } from './registryFile';
import { FileRegistryStore, RegistryConflictError, type RegistryStore } from './registryStore';

function run(argv: string[], env: Record<string, string>, repoDir = temporaryDir('repo')) {
  const out: string[] = [];
  const err: string[] = [];
  return main(argv, {
    env,
    repoDir,
    out: (line) => out.push(line),
    err: (line) => err.push(line),
  }).then((code) => ({ code, out: out.join('\n'), err: err.join('\n') }));
}

describe('the deploy command', () => {
  const dir = temporaryDir('cli');
  const env = {
    REMOTES_FILE: path.join(dir, 'remotes.json'),
    REMOTES_DIR: path.join(dir, 'store'),
    DEPLOYED_BY: 'dana',
  };

  it('deploys, rolls back, runs a canary and reports status', async () => {
    const v1 = fakeBuild({ name: 'listings', version: '0.1.0+aaaaaaaa' });
    const v2 = fakeBuild({ name: 'listings', version: '0.1.0+bbbbbbbb' });
    const deployed = await run(['deploy', 'listings', '--dist', v1], env);
    expect(deployed).toMatchObject({ code: 0 });
    expect(deployed.out).toContain('listings 0.1.0+aaaaaaaa (published to');
    expect(deployed.out).toContain('Undo: npm run remotes -- rollback listings');

    expect((await run(['deploy', 'listings', `--dist=${v2}`], env)).code).toBe(0);
    expect((await run(['rollback', 'listings'], env)).out).toBe(
      'listings is back on 0.1.0+aaaaaaaa (was 0.1.0+bbbbbbbb)',
    );
    const canary = await run(
      ['deploy', 'listings', '--dist', v2, '--canary', '50%', '--users', '4, 5'],
      env,
    );
    expect(canary.out).toContain('candidate for 50% of users and 2 named users');
    expect((await readRegistryFile(env.REMOTES_FILE)).remotes[0]?.canary).toMatchObject({
      percent: 50,
      users: ['4', '5'],
    });
    const status = await run(['status'], env);
    expect(status.out).toContain('listings: live 0.1.0+aaaaaaaa');
    expect(status.out).toContain('canary 0.1.0+bbbbbbbb for 50% of users');
    expect(status.out).toContain('by dana');
    expect((await run(['abort', 'listings'], env)).code).toBe(0);

    // The aborted candidate is still published: a canary of it needs no build.
    const again = await run(['canary', 'listings', '0.1.0+bbbbbbbb', '--canary', '20'], env);
    expect(again).toMatchObject({ code: 0 });
    expect(again.out).toContain(
      'listings 0.1.0+bbbbbbbb is the candidate for 20% of users; everyone else stays on 0.1.0+aaaaaaaa',
    );
    expect((await run(['canary', 'listings', '0.1.0+bbbbbbbb'], env)).err).toContain(
      'canary needs a published version and a share or users',
    );
    expect((await run(['abort', 'listings'], env)).code).toBe(0);
  });

  it("takes the remote's workspace build by default and warns when the shell built here would refuse it", async () => {
    const repo = temporaryDir('repo');
    const build = fakeBuild({ name: 'billing', version: '2.0.0+cccccccc', contract: '^2.0.0' });
    mkdirSync(path.join(repo, 'mfe-billing'));
    const { cpSync } = await import('node:fs');
    cpSync(build, path.join(repo, 'mfe-billing', 'dist'), { recursive: true });
    mkdirSync(path.join(repo, 'shell', 'dist'), { recursive: true });
    writeFileSync(
      path.join(repo, 'shell', 'dist', 'hostdash-federation.json'),
      JSON.stringify({ contract: '1.0.0', shared: {} }),
    );
    const result = await run(['deploy', 'billing'], env, repo);
    expect(result.code).toBe(0);
    expect(result.err).toContain(
      'needs shell contract ^2.0.0; the shell built here provides 1.0.0',
    );
  });

  it('rolls a build out by a strategy, and all-at-once deploys it to everyone', async () => {
    const strategyEnv = { ...env, REMOTES_FILE: path.join(temporaryDir('cli'), 'remotes.json') };
    const v1 = fakeBuild({ name: 'listings', version: '0.3.0+aaaaaaaa' });
    const v2 = fakeBuild({ name: 'listings', version: '0.3.0+bbbbbbbb' });
    const v3 = fakeBuild({ name: 'listings', version: '0.3.0+cccccccc' });
    expect((await run(['deploy', 'listings', '--dist', v1], strategyEnv)).code).toBe(0);
    expect(
      await run(
        ['deploy', 'listings', '--dist', v2, '--strategy', 'canary10-15m', '--canary', '30'],
        strategyEnv,
      ),
    ).toMatchObject({
      code: 1,
      err: 'error: canary10-15m sets the share itself: leave out --canary <percent>',
    });
    const rolled = await run(
      ['deploy', 'listings', '--dist', v2, '--strategy', 'linear10-every-5m', '--users', '7'],
      strategyEnv,
    );
    expect(rolled.code).toBe(0);
    expect(rolled.out).toContain(
      'is the candidate for 10% of users and 1 named user (linear10-every-5m, raised while healthy)',
    );
    expect(rolled.out).toContain('The rollout advances by itself while listings is healthy');
    const status = await run(['status', 'listings'], strategyEnv);
    expect(status.out).toContain('strategy linear10-every-5m: step 1 of 9 since');
    expect(status.out).toContain('health not judged yet');
    expect((await run(['abort', 'listings'], strategyEnv)).code).toBe(0);
    const everyone = await run(
      ['deploy', 'listings', '--dist', v3, '--strategy', 'all-at-once'],
      strategyEnv,
    );
    expect(everyone.out).toContain('listings 0.3.0+cccccccc (published to');
    const registry = await readRegistryFile(strategyEnv.REMOTES_FILE);
    expect(registry.remotes[0]).toMatchObject({ version: '0.3.0+cccccccc' });
    expect(registry.remotes[0]?.history?.at(-1)).toMatchObject({
      action: 'deploy',
      reason: 'strategy all-at-once',
    });
  });

  it('explains mistakes with exit code 1', async () => {
    expect(await run(['deploy', 'listings', '--strategy', 'blue-green'], env)).toMatchObject({
      code: 1,
      err: 'error: unknown strategy "blue-green": choose canary10-15m, linear10-every-5m, all-at-once',
    });
    expect(await run([], env)).toMatchObject({ code: 1, out: expect.stringContaining('Usage:') });
    expect(await run(['launch'], env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('unknown command "launch"'),
    });
    expect(await run(['rollback'], env)).toMatchObject({
      code: 1,
      err: 'error: rollback needs a remote name, e.g. rollback listings',
    });
    expect(await run(['promote', 'listings', '--fast'], env)).toMatchObject({
      code: 1,
      err: 'error: unknown option --fast',
    });
    expect(await run(['deploy', 'listings', '--canary', 'lots'], env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('--canary takes a whole percentage'),
    });
  });
});

describe('a deploy that loses to another one', () => {
  it('says so and exits 1', async () => {
    const dir = temporaryDir('cli-conflict');
    // Another deploy is written after this one has read the registry: what the store then says.
    const losing = new (class extends FileRegistryStore {
      override async update(
        name: string,
        change: Parameters<RegistryStore['update']>[1],
      ): Promise<never> {
        await change(undefined);
        throw new RegistryConflictError(name, {
          action: 'deploy',
          version: '0.1.0+cccccccc',
          by: 'bob',
          at: '2026-11-25T21:00:00.000Z',
        });
      }
    })(path.join(dir, 'remotes.json'));
    const err: string[] = [];
    const code = await main(
      ['deploy', 'listings', '--dist', fakeBuild({ name: 'listings', version: '0.1.0+aaaaaaaa' })],
      {
        env: { REMOTES_DIR: path.join(dir, 'store'), DEPLOYED_BY: 'dana' },
        repoDir: temporaryDir('repo'),
        registry: losing,
        out: () => undefined,
        err: (line) => err.push(line),
      },
    );
    expect(code).toBe(1);
    expect(err).toEqual([
      'error: listings was changed by someone else while this change was being made (deploy of 0.1.0+cccccccc by bob at 2026-11-25T21:00:00.000Z); this change was not made. Look at what is live now and try again.',
    ]);
  });
});
