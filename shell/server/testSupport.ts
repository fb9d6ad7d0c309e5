// Test helpers for the shell server: a real HTTP upstream standing in for the API, and remote
// builds as config/webpack.federation.cjs writes them (the parts the server and deploy read).
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { Writable } from 'node:stream';
import os from 'node:os';
import path from 'node:path';
import { readShellConfig, type ShellConfig } from './config';

export { startUpstream, type Upstream } from '../../config/testing/upstream';

export function testConfig(overrides: Record<string, string> = {}): ShellConfig {
  return readShellConfig({ STAGE: 'prod', ...overrides });
}

export function temporaryDir(prefix: string): string {
  return mkdtempSync(path.join(os.tmpdir(), `${prefix}-`));
}

/** A federation manifest with Hostdash's metadata, as a remote's build writes it. */
export function fakeManifest(options: {
  name: string;
  version?: string;
  contract?: string;
  shared?: { name: string; requiredVersion: string; singleton?: boolean }[];
}) {
  return {
    id: options.name,
    name: options.name,
    metaData: {
      name: options.name,
      buildInfo: { buildVersion: options.version ?? '0.0.0' },
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
      publicPath: 'auto',
      ...(options.version
        ? {
            hostdash: {
              version: options.version,
              contract: options.contract ?? '^1.0.0',
              commit: 'abc123def456',
            },
          }
        : {}),
    },
    shared: (options.shared ?? []).map((item) => ({ singleton: true, ...item })),
    remotes: [],
    exposes: [{ id: `${options.name}:feature`, name: 'feature', path: './feature' }],
  };
}

/** A remote's build folder: manifest, entry and a content-hashed chunk. */
export function fakeBuild(options: { name: string; version: string; contract?: string }): string {
  const dir = temporaryDir(`build-${options.name}`);
  writeFileSync(path.join(dir, 'mf-manifest.json'), JSON.stringify(fakeManifest(options)));
  writeFileSync(path.join(dir, 'remoteEntry.js'), `/* ${options.name} ${options.version} */`);
  mkdirSync(path.join(dir, 'nested'));
  writeFileSync(
    path.join(dir, 'feature.1a2b3c4d.js'),
    `export const version = '${options.version}';`,
  );
  writeFileSync(path.join(dir, 'nested', 'note.txt'), 'kept as built');
  return dir;
}

/** A log stream for buildShellServer's `logStream`, and the lines written to it. */
export function capturedLog(): { lines: string[]; stream: Writable } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(chunk.toString());
      done();
    },
  });
  return { lines, stream };
}
