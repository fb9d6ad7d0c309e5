/** @jest-environment node */
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fakeBuild, temporaryDir } from '../testSupport';
import { main } from './cli';
import { readRegistryFile } from './registryFile';

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

  it('explains mistakes with exit code 1', async () => {
    expect(await run([], env)).toMatchObject({ code: 1, out: expect.stringContaining('Usage:') });
    expect(await run(['launch'], env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('unknown command "launch"'),
    });
    expect(await run(['rollback'], env)).toMatchObject({
      code: 1,
      err: 'error: rollback needs a remote name, e.g. rollback listings',
    });
    expect(await run(['promote', 'listings', '--force'], env)).toMatchObject({
      code: 1,
      err: 'error: unknown option --force',
    });
    expect(await run(['deploy', 'listings', '--canary', 'lots'], env)).toMatchObject({
      code: 1,
      err: expect.stringContaining('--canary takes a whole percentage'),
    });
  });
});
