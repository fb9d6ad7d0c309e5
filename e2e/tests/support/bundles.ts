// What a page loads, in bytes and by owner: the JS files a browser fetched, mapped to the build
// that wrote them (the shell or a remote's deployed version) and, through the bundle-contents.json
// each build writes (build/webpack.federation.cjs), to the npm packages inside. Deterministic: the
// sizes are those of the files on disk (raw, and the .gz/.br copies the build wrote), not of the
// network, so a budget on them holds on any machine.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Page } from '@playwright/test';
import { repoDir } from './delivery';

export interface Origins {
  /** The shell server's origin, e.g. http://localhost:3100. */
  shell: string;
  /** The remote origin's, e.g. http://localhost:3101. */
  remotes: string;
  /** The shell build served (its dist folder). */
  shellDist: string;
  /** The store the remote origin serves (`<remote>/<version>/<file>`). */
  store: string;
}

export interface LoadedFile {
  url: string;
  /** `shell`, or the remote's name. */
  build: string;
  raw: number;
  gzip: number;
  brotli: number;
  /** Bytes of source per package (`own` for the app's code), from the build's bundle-contents.json. */
  contents: Record<string, number>;
  /** The package modules in it (`react-dom/cjs/react-dom.production.js` …). */
  modules: string[];
}

interface FileContents {
  packages: Record<string, number>;
  modules: string[];
}

const contentsCache = new Map<string, Record<string, FileContents>>();

function contentsOf(dir: string): Record<string, FileContents> {
  let files = contentsCache.get(dir);
  if (!files) {
    const file = path.join(dir, 'bundle-contents.json');
    files = existsSync(file)
      ? (JSON.parse(readFileSync(file, 'utf8')) as { files: Record<string, FileContents> }).files
      : {};
    contentsCache.set(dir, files);
  }
  return files;
}

/** Size of the compressed copy the build wrote, or of compressing it now (files under 1 KB). */
function compressedSize(file: string, extension: '.gz' | '.br'): number {
  if (existsSync(file + extension)) return statSync(file + extension).size;
  const bytes = readFileSync(file);
  return (extension === '.gz' ? gzipSync(bytes, { level: 9 }) : brotliCompressSync(bytes)).length;
}

/** Where a loaded JS URL lives on disk, and which build wrote it; null for anything else. */
export function locate(
  url: string,
  origins: Origins,
): { build: string; dir: string; name: string } | null {
  const { origin, pathname } = new URL(url);
  if (origin === new URL(origins.shell).origin && pathname.startsWith('/assets/'))
    return { build: 'shell', dir: origins.shellDist, name: pathname.slice(1) };
  if (origin === new URL(origins.remotes).origin) {
    const [, remote, version, ...rest] = decodeURIComponent(pathname).split('/');
    if (!remote || !version || rest.length === 0) return null;
    return { build: remote, dir: path.join(origins.store, remote, version), name: rest.join('/') };
  }
  return null;
}

export function describeFile(url: string, origins: Origins): LoadedFile | null {
  const where = locate(url, origins);
  if (!where) return null;
  const file = path.join(where.dir, where.name);
  if (!existsSync(file)) return null;
  const contents = contentsOf(where.dir)[where.name];
  return {
    url,
    build: where.build,
    raw: statSync(file).size,
    gzip: compressedSize(file, '.gz'),
    brotli: compressedSize(file, '.br'),
    contents: contents?.packages ?? {},
    modules: contents?.modules ?? [],
  };
}

/** Records the URL of every JS file the page requests (from the network or the cache). */
export function recordScripts(page: Page): { take(): string[] } {
  let urls: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') urls.push(request.url());
  });
  return {
    /** The scripts requested since the last take. */
    take() {
      const taken = [...new Set(urls)];
      urls = [];
      return taken;
    },
  };
}

export interface Totals {
  files: number;
  raw: number;
  gzip: number;
  brotli: number;
}

export function totals(files: LoadedFile[]): Totals {
  return files.reduce(
    (sum, file) => ({
      files: sum.files + 1,
      raw: sum.raw + file.raw,
      gzip: sum.gzip + file.gzip,
      brotli: sum.brotli + file.brotli,
    }),
    { files: 0, raw: 0, gzip: 0, brotli: 0 },
  );
}

/**
 * Library code loaded from more than one build: the same module of a package (same file in it)
 * in the shell's files and a remote's, or in two remotes'. Each is a copy too many.
 */
export function copies(
  files: LoadedFile[],
): { library: string; builds: string[]; modules: number; files: string[] }[] {
  const buildsOf = new Map<string, Set<string>>();
  const filesOf = new Map<string, Set<string>>();
  for (const file of files) {
    for (const module of file.modules) {
      (buildsOf.get(module) ?? buildsOf.set(module, new Set()).get(module)!).add(file.build);
      (filesOf.get(module) ?? filesOf.set(module, new Set()).get(module)!).add(
        new URL(file.url).pathname,
      );
    }
  }
  const byLibrary = new Map<string, { builds: Set<string>; modules: number; files: Set<string> }>();
  for (const [module, builds] of buildsOf) {
    if (builds.size < 2) continue;
    const parts = module.split('/');
    const library = parts[0]!.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
    const entry = byLibrary.get(library) ?? { builds: new Set(), modules: 0, files: new Set() };
    for (const build of builds) entry.builds.add(build);
    for (const name of filesOf.get(module) ?? []) entry.files.add(name);
    entry.modules += 1;
    byLibrary.set(library, entry);
  }
  return [...byLibrary].map(([library, entry]) => ({
    library,
    builds: [...entry.builds].sort(),
    modules: entry.modules,
    files: [...entry.files].sort(),
  }));
}

/**
 * Gzip bytes per owner: each file's compressed size shared out over its packages by their share of
 * its source (`own` code is named after the build: `shell`, `listings` …).
 */
export function byOwner(files: LoadedFile[]): Record<string, Totals> {
  const owners: Record<string, Totals> = {};
  for (const file of files) {
    const entries = Object.entries(file.contents);
    const whole = entries.reduce((sum, [, bytes]) => sum + bytes, 0) || 1;
    const parts = entries.length ? entries : [['own', 1] as [string, number]];
    for (const [library, bytes] of parts) {
      const owner = library === 'own' || library === 'webpack-runtime' ? file.build : library;
      const share = entries.length ? bytes / whole : 1;
      const sum = (owners[owner] ??= { files: 0, raw: 0, gzip: 0, brotli: 0 });
      sum.files += share;
      sum.raw += file.raw * share;
      sum.gzip += file.gzip * share;
      sum.brotli += file.brotli * share;
    }
  }
  return owners;
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const defaultShellDist = path.join(repoDir, 'shell', 'dist');
