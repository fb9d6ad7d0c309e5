// The delivery journeys act as a feature team would: build a remote, run the deploy command
// against the e2e servers' own store and registry (playwright.config.ts), and look at the result.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { expect, type Page } from '@playwright/test';
import { parseRegistryFile, type DiscoveryDocument, type RegistryFile } from '@hostdash/delivery';
import { supervised, type SupervisedProcess } from './processes';

export const repoDir = path.resolve(__dirname, '..', '..', '..');
const deliveryDir = process.env.E2E_DELIVERY_DIR ?? '';
export const storeDir = path.join(deliveryDir, 'store');
export const registryFile = path.join(deliveryDir, 'remotes.json');

/**
 * What /remotes.json (a Frontend Discovery document, docs/adr/0019) gives the user who asks for
 * `remote`: the release they load (the first), whether it is a rollout's candidate, and the live
 * release (the default one) to fall back to. Read from the wire as any client would.
 */
export function servedRelease(
  document: DiscoveryDocument,
  remote: string,
): { version: string; canary: boolean; fallback?: { version: string } } | undefined {
  const releases = document.microFrontends[remote] ?? [];
  const [first] = releases;
  if (!first) return undefined;
  const canary = first.extras?.rollout === true || first.deployment?.default !== true;
  const live = releases.slice(1).find((release) => release.deployment?.default === true);
  return {
    version: first.metadata.version,
    canary,
    ...(canary && live ? { fallback: { version: live.metadata.version } } : {}),
  };
}

/** The registry on disk (a Frontend Discovery document, docs/adr/0019) as the shell reads it. */
export function readRegistryOnDisk(): RegistryFile {
  return parseRegistryFile(readFileSync(registryFile, 'utf8'));
}

/** Puts the registry back as it was, atomically (the journeys after this one share the servers). */
export function restoreRegistry(text: string): void {
  const temporary = `${registryFile}.e2e-restore`;
  writeFileSync(temporary, text);
  renameSync(temporary, registryFile);
}

/**
 * Runs `node scripts/deploy.mjs <argv>`: against the e2e store and registry, or the store and
 * registry `env` names (a journey's own servers).
 */
export function remotesCommand(
  argv: string[],
  env: NodeJS.ProcessEnv = { ...process.env, REMOTES_DIR: storeDir, REMOTES_FILE: registryFile },
): { code: number; stdout: string; stderr: string } {
  const result = spawnSync(process.execPath, [path.join(repoDir, 'scripts/deploy.mjs'), ...argv], {
    cwd: repoDir,
    encoding: 'utf8',
    env: { ...env, DEPLOYED_BY: 'e2e' },
  });
  return { code: result.status ?? 1, stdout: result.stdout, stderr: result.stderr };
}

/** `remotesCommand` that must succeed; what it printed (stdout, then stderr). */
export function remotesOk(argv: string[], env?: NodeJS.ProcessEnv): string {
  const result = remotesCommand(argv, env);
  expect(result.code, `${argv.join(' ')}: ${result.stderr}`).toBe(0);
  return result.stdout + result.stderr;
}

/** A production build of a remote into `outDir`, as its team would make it (~20 s). */
export function buildRemote(
  remote: string,
  outDir: string,
  env: Record<string, string>,
): Promise<{ version: string }> {
  return new Promise((resolve, reject) => {
    const webpack = path.join(repoDir, 'node_modules/webpack/bin/webpack.js');
    const child = spawn(
      process.execPath,
      [webpack, '--mode', 'production', '--output-path', outDir],
      { cwd: path.join(repoDir, `mfe-${remote}`), env: { ...process.env, ...env }, stdio: 'pipe' },
    );
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('exit', (code) => {
      if (code !== 0) return reject(new Error(`the ${remote} build failed:\n${output}`));
      const manifest = JSON.parse(readFileSync(path.join(outDir, 'mf-manifest.json'), 'utf8')) as {
        metaData: { hostdash: { version: string } };
      };
      resolve({ version: manifest.metaData.hostdash.version });
    });
  });
}

/** sha256 of every file under `dir`, by relative path. */
export function hashTree(dir: string, prefix = ''): Record<string, string> {
  const hashes: Record<string, string> = {};
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(hashes, hashTree(dir, relative));
    else
      hashes[relative] = createHash('sha256')
        .update(readFileSync(path.join(dir, relative)))
        .digest('hex');
  }
  return hashes;
}

/**
 * The shell server's and the remote origin's process as `npm start`'s supervisor records them
 * (pid, start, restarts), to prove neither was restarted. (`/health` no longer shows a pid.)
 */
export function serverProcesses(): { shell: SupervisedProcess; origin: SupervisedProcess } {
  const shell = supervised('shell');
  expect(shell.pid).toBeGreaterThan(0);
  return { shell, origin: supervised('remotes') };
}

/**
 * The row of `feature` in the shell's About dialog (opened and closed again): its text and each
 * version's whole build id.
 */
export async function aboutRow(page: Page, feature: string) {
  await page.getByRole('button', { name: 'About Hostdash' }).click();
  const dialog = page.getByRole('dialog', { name: 'About Hostdash' });
  const row = dialog.getByRole('row', { name: new RegExp(`^${feature}`) });
  await expect(row).toBeVisible();
  // A host reads the release (0.1.0); the whole build id, which tells two builds apart, is in
  // each version's title.
  const buildIds = await row
    .locator('[title]')
    .evaluateAll((elements) => elements.map((element) => element.getAttribute('title')));
  const text = `${(await row.textContent()) ?? ''} ${buildIds.join(' ')}`;
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();
  return text;
}
