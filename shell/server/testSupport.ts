// Test helpers for the shell server: a real HTTP upstream standing in for the API, and remote
// builds as build/webpack.federation.cjs writes them (the parts the server and deploy read).
import { Writable } from 'node:stream';
import { readShellConfig, type ShellConfig } from './config';

// A remote's fake build, temporary folders, the discovery schema's verdict and a scratch registry
// database are the delivery package's test helpers; the shell's tests use the same ones.
export {
  describeOnServer,
  discoverySchemaErrors,
  eventually,
  fakeBuild,
  fakeManifest,
  PRIVATE_BUILD_FILES,
  scratchDatabase,
  temporaryDir,
  testDatabaseUrl,
  type ScratchDatabase,
} from '@hostdash/delivery/testing';

export { startUpstream, type Upstream } from '@hostdash/testing/upstream';

export function testConfig(overrides: Record<string, string> = {}): ShellConfig {
  return readShellConfig({ STAGE: 'prod', ...overrides });
}

/**
 * Issue 30, finding 3: ways to write the request path of `file` (a name in the folder the path
 * goes on from) that reach it once the path is decoded and resolved, while a check of the text as
 * written sees another name (`x.js.map/` answered 200 with the sources). Each server's tests refuse
 * a private file under every one.
 */
export function spellingsOf(file: string): string[] {
  const dot = file.lastIndexOf('.');
  const [stem, extension] = [file.slice(0, dot), file.slice(dot + 1)];
  const encoded = [...extension].map((letter) => `%${letter.charCodeAt(0).toString(16)}`).join('');
  return [
    file,
    `${file}/`,
    `${file}//`,
    `${file}/.`,
    `${file}%2F`,
    `${file}%2f%2e`,
    `./${file}`,
    `.//${file}`,
    `%2e/${file}`,
    `x/../${file}`,
    `x/%2e%2e/${file}`,
    `x%2F..%2F${file}`,
    `x%2F%2E%2E%2F${file}`,
    `${stem}.${encoded}`,
    `${stem}.${encoded.replace(/%/g, '%25')}`,
    // A lookup on a case-insensitive disk (macOS, Windows) opens the file under this name too.
    `${stem}.${extension.toUpperCase()}`,
  ];
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

/** The remote origin's settings for a test: loopback, any free port, no waiting to stop. */
export function testRemoteOriginConfig(rootDir: string, allowedOrigins: string[] = []) {
  return {
    logLevel: 'error' as const,
    shutdownTimeoutMs: 1000,
    shutdownDelayMs: 0,
    port: 0,
    host: '127.0.0.1',
    rootDir,
    allowedOrigins,
  };
}
