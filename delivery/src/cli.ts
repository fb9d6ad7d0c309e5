// `node scripts/deploy.mjs <command>` (npm run remotes -- <command>): publish a remote's build and
// switch the live registry, roll back, run a canary, and show what is live.
import { execFileSync } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { satisfy } from '@module-federation/enhanced/runtime';
import { previewAddress } from '@hostdash/shared-auth';
import { readBuild } from './build';
import {
  abort,
  deploy,
  DeliveryError,
  formatStatus,
  promote,
  rollback,
  startCanary,
  type DeliveryContext,
} from './operations';
import { bucketStoreFromEnv } from './objectStore';
import { openRegistryStore } from './openRegistry';
import { deliveryPaths } from './paths';
import { readRegistryFile } from './registryFile';
import { REMOTE_NAME } from './model';
import type { RegistryStore } from './registryStore';
import { FolderStore, type RemoteStore } from './store';
import { isStrategy, STRATEGY_NAMES } from './strategies';

type Env = Record<string, string | undefined>;

export interface CliOptions {
  env: Env;
  /** The monorepo root (defaults: `mfe-<remote>/dist`, `.data/`, `shell/dist`). */
  repoDir: string;
  /**
   * A store adapter (REMOTES_STORE_MODULE); else the bucket REMOTES_S3_BUCKET, else the folder
   * REMOTES_DIR.
   */
  store?: RemoteStore;
  /** Where the registry is kept; by default PostgreSQL with DATABASE_URL, else REMOTES_FILE. */
  registry?: RegistryStore;
  out?: (line: string) => void;
  err?: (line: string) => void;
}

export const USAGE = `Usage: node scripts/deploy.mjs <command> [options]   (or: npm run remotes -- <command> …)

  deploy <remote> [--dist <dir>]           publish the build (default mfe-<remote>/dist) and make it live
         [--canary <percent>] [--users <id,…>]   … or make it the candidate for a share of users / named users
         [--preview]                             … or publish it only, and print the link that
                                             previews it in one browser (nobody else gets it)
         [--strategy <name>] [--users <id,…>]    … or roll it out step by step while it is healthy:
                                             canary10-15m       10 % for 15 minutes, then everyone
                                             linear10-every-5m  10 % more every 5 minutes
                                             all-at-once        everyone now (a plain deploy)
  rollback <remote> [--to <version>]       back to the version live before the current one
  canary <remote> <version> --canary <percent> [--users <id,…>]
                                           a version already in the store becomes the candidate
  promote <remote> [--force]               the canary's candidate goes live for everyone
                                           (--force: even when the health check judged it unhealthy)
  abort <remote>                           end the canary; everyone stays on the live version
  status [<remote>]                        what is live, canaries, rollouts, their health, and the history
  import [--file <registry.json>]          copy a registry file (default REMOTES_FILE) into the
                                           database of DATABASE_URL, which must name no remotes yet

Environment: SHELL_URL (the dashboard's address in printed links; else the first of SHELL_ORIGINS,
else http://localhost:3000), DATABASE_URL (the registry in PostgreSQL; else the file REMOTES_FILE), REMOTES_DIR
(store folder), REMOTES_STORE_MODULE (store adapter), DEPLOYED_BY (who; default $USER).`;

interface Parsed {
  command?: string;
  positional: string[];
  flags: Map<string, string>;
}

const VALUE_FLAGS = new Set(['dist', 'canary', 'users', 'to', 'strategy', 'file']);
const BOOLEAN_FLAGS = new Set(['if-new', 'help', 'force', 'preview']);

function parse(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string>();
  for (let index = 0; index < argv.length; index++) {
    const argument = argv[index] as string;
    if (!argument.startsWith('--')) {
      positional.push(argument);
      continue;
    }
    const [name = '', inline] = argument.slice(2).split(/=(.*)/s, 2);
    if (BOOLEAN_FLAGS.has(name)) flags.set(name, 'true');
    else if (VALUE_FLAGS.has(name)) {
      const value = inline ?? argv[++index];
      if (value === undefined) throw new DeliveryError(`--${name} needs a value`);
      flags.set(name, value);
    } else throw new DeliveryError(`unknown option --${name}`);
  }
  const [command, ...rest] = positional;
  return { command, positional: rest, flags };
}

function deployer(env: Env, repoDir: string): string {
  if (env.DEPLOYED_BY) return env.DEPLOYED_BY;
  if (env.USER) return env.USER;
  try {
    const name = execFileSync('git', ['config', 'user.name'], {
      cwd: repoDir,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
    if (name) return name;
  } catch {
    // not in git, or no author configured
  }
  return os.userInfo().username;
}

/** The contract the shell built here provides (its build writes it beside index.html). */
/** The dashboard's address for printed links: SHELL_URL, else the first of SHELL_ORIGINS. */
function shellAddress(env: Env): string {
  const first = env.SHELL_ORIGINS?.split(',')
    .map((origin) => origin.trim())
    .find(Boolean);
  return env.SHELL_URL?.trim() || first || 'http://localhost:3000';
}

async function shellContract(env: Env, repoDir: string): Promise<string | undefined> {
  const dist = path.resolve(env.SHELL_DIST_DIR || path.join(repoDir, 'shell', 'dist'));
  try {
    const info = JSON.parse(
      await readFile(path.join(dist, 'hostdash-federation.json'), 'utf8'),
    ) as { contract?: unknown };
    return typeof info.contract === 'string' ? info.contract : undefined;
  } catch {
    return undefined;
  }
}

function remoteArgument(parsed: Parsed): string {
  const [remote] = parsed.positional;
  if (!remote)
    throw new DeliveryError(
      `${parsed.command} needs a remote name, e.g. ${parsed.command} listings`,
    );
  if (!REMOTE_NAME.test(remote)) throw new DeliveryError(`not a remote name: "${remote}"`);
  return remote;
}

function canaryOption(parsed: Parsed) {
  const share = parsed.flags.get('canary');
  const users = parsed.flags.get('users');
  if (share === undefined && users === undefined) return undefined;
  const percent = share === undefined ? 0 : Number(share.replace(/%$/, ''));
  if (!Number.isInteger(percent))
    throw new DeliveryError(`--canary takes a whole percentage, got "${share}"`);
  return {
    percent,
    users: (users ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
  };
}

function strategyOption(parsed: Parsed) {
  const strategy = parsed.flags.get('strategy');
  if (strategy === undefined) return undefined;
  if (!isStrategy(strategy)) {
    throw new DeliveryError(`unknown strategy "${strategy}": choose ${STRATEGY_NAMES.join(', ')}`);
  }
  return strategy;
}

/** Runs one command; returns the process exit code. */
export async function main(argv: string[], options: CliOptions): Promise<number> {
  const out = options.out ?? ((line: string) => console.log(line));
  const err = options.err ?? ((line: string) => console.error(line));
  // Opened here, closed here (a database pool would otherwise keep the command running).
  let opened: RegistryStore | undefined;
  try {
    const parsed = parse(argv);
    if (!parsed.command || parsed.flags.has('help') || parsed.command === 'help') {
      out(USAGE);
      return parsed.command || parsed.flags.has('help') ? 0 : 1;
    }
    const paths = deliveryPaths(options.env, options.repoDir);
    const registry =
      options.registry ??
      (opened = openRegistryStore({
        databaseUrl: options.env.DATABASE_URL || null,
        registryFile: paths.registryFile,
      }));
    const context: DeliveryContext = {
      registry,
      store: options.store ?? bucketStoreFromEnv(options.env) ?? new FolderStore(paths.storeDir),
      by: deployer(options.env, options.repoDir),
    };
    switch (parsed.command) {
      case 'deploy': {
        const remote = remoteArgument(parsed);
        const canary = canaryOption(parsed);
        const strategy = strategyOption(parsed);
        const dist = path.resolve(
          parsed.flags.get('dist') ?? path.join(options.repoDir, `mfe-${remote}`, 'dist'),
        );
        const build = await readBuild(dist);
        const provided = await shellContract(options.env, options.repoDir);
        if (build.contract && provided && !satisfy(provided, build.contract)) {
          err(
            `warning: ${remote} ${build.version} needs shell contract ${build.contract}; the shell built here provides ${provided}, so it will refuse to mount it.`,
          );
        }
        const outcome = await deploy(context, remote, dist, {
          canary,
          strategy,
          ifNew: parsed.flags.has('if-new'),
          preview: parsed.flags.has('preview'),
        });
        out(outcome.message);
        if (parsed.flags.has('preview') || (outcome.changed && canary)) {
          out(
            `Preview it in your browser (nobody else gets it): ${previewAddress(shellAddress(options.env), remote, build.version)}`,
          );
        }
        if (parsed.flags.has('preview')) {
          out(`Next: npm run remotes -- canary ${remote} ${build.version} --canary 10`);
        } else if (outcome.changed) {
          const stepped = strategy && strategy !== 'all-at-once';
          out(
            stepped
              ? `The rollout advances by itself while ${remote} is healthy and stops if it is not. Watch: npm run remotes -- status ${remote}`
              : canary
                ? `Next: npm run remotes -- promote ${remote}   (or: abort ${remote})`
                : `Undo: npm run remotes -- rollback ${remote}`,
          );
        }
        return 0;
      }
      case 'rollback': {
        const remote = remoteArgument(parsed);
        const to = parsed.flags.get('to');
        out((await rollback(context, remote, to ? { to } : {})).message);
        return 0;
      }
      case 'canary': {
        const remote = remoteArgument(parsed);
        const version = parsed.positional[1];
        const canary = canaryOption(parsed);
        if (!version || !canary) {
          throw new DeliveryError(
            `canary needs a published version and a share or users, e.g. canary ${remote} <version> --canary 10`,
          );
        }
        out((await startCanary(context, remote, version, canary)).message);
        out(`Next: npm run remotes -- promote ${remote}   (or: abort ${remote})`);
        return 0;
      }
      case 'promote':
        out(
          (await promote(context, remoteArgument(parsed), { force: parsed.flags.has('force') }))
            .message,
        );
        return 0;
      case 'abort':
        out((await abort(context, remoteArgument(parsed))).message);
        return 0;
      case 'status': {
        out(`Registry ${registry.location}\n`);
        out(formatStatus(await registry.read({ missingIsEmpty: true }), parsed.positional[0]));
        return 0;
      }
      case 'import': {
        const file = path.resolve(parsed.flags.get('file') ?? paths.registryFile);
        if (registry.location === file)
          throw new DeliveryError(
            'import copies a registry file into a database: set DATABASE_URL',
          );
        const count = await registry.importRegistry(await readRegistryFile(file));
        out(
          `Imported ${count} remote${count === 1 ? '' : 's'} from ${file} into ${registry.location}`,
        );
        return 0;
      }
      default:
        err(`unknown command "${parsed.command}"\n`);
        err(USAGE);
        return 1;
    }
  } catch (error) {
    // DeliveryError, RegistryConflictError, AlreadyPublishedError and file-system and database
    // errors all say what went wrong.
    err(`error: ${error instanceof Error ? error.message : String(error)}`);
    return 1;
  } finally {
    await opened?.close();
  }
}
