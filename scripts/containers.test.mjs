// The container images and compose.yaml, read as files: no Docker here (images are built only where
// Docker is available). What an image or the compose file gets wrong shows up only when someone
// deploys it, so what can be checked from the repository is checked on every `npm test`: non-root
// images with health checks, COPY sources that exist, one database for every instance, the load
// balancer and the proxies each server trusts agreeing, no committed secret, and every variable
// compose sets being one the code reads (so renaming a variable in a config loader fails here).
import { execFile } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import YAML from 'yaml';

const root = path.resolve(__dirname, '..');
const read = (file) => readFileSync(path.join(root, file), 'utf8');

// ---- the Dockerfile -----------------------------------------------------------------------------

/** The Dockerfile's stages, each with its instructions (continuation lines joined, comments gone). */
function parseDockerfile(text) {
  const lines = [];
  let pending = '';
  for (const raw of text.split('\n')) {
    if (!pending && /^\s*#/.test(raw)) continue;
    const line = raw.replace(/\s+$/, '');
    if (line.endsWith('\\')) {
      pending += `${line.slice(0, -1)} `;
      continue;
    }
    const whole = (pending + line).trim();
    pending = '';
    if (whole) lines.push(whole);
  }
  const globalArgs = {};
  const stages = [];
  for (const line of lines) {
    const [, keyword = '', rest = ''] = /^(\S+)\s*(.*)$/s.exec(line) ?? [];
    const instruction = { keyword: keyword.toUpperCase(), args: rest };
    if (instruction.keyword === 'FROM') {
      const [, image = '', name] = /^(\S+)(?:\s+AS\s+(\S+))?$/i.exec(rest) ?? [];
      const from = image.replace(/\$\{(\w+)\}/g, (_match, arg) => globalArgs[arg] ?? '');
      stages.push({ name, from, instructions: [] });
    } else if (stages.length === 0 && instruction.keyword === 'ARG') {
      const [name = '', value = ''] = rest.split('=');
      globalArgs[name] = value;
    } else {
      stages.at(-1)?.instructions.push(instruction);
    }
  }
  return stages;
}

const stages = parseDockerfile(read('Dockerfile'));
const stageNamed = (name) => stages.find((stage) => stage.name === name);

/** A stage and the stages it is built on, nearest first. */
function lineage(stage) {
  const chain = [];
  for (let current = stage; current; current = stageNamed(current.from)) chain.push(current);
  return chain;
}

/** The last value of an instruction along the stage's lineage (USER, STOPSIGNAL, HEALTHCHECK …). */
function inherited(stage, keyword) {
  for (const ancestor of lineage(stage)) {
    const found = ancestor.instructions.filter((instruction) => instruction.keyword === keyword);
    if (found.length > 0) return found.at(-1).args;
  }
  return undefined;
}

/** ENV along the lineage, `ENV A=1 B=2` form. */
function environmentOf(stage) {
  const env = {};
  for (const ancestor of lineage(stage).reverse()) {
    for (const instruction of ancestor.instructions) {
      if (instruction.keyword !== 'ENV') continue;
      for (const [, name, value] of instruction.args.matchAll(/(\w+)=(\S+)/g)) env[name] = value;
    }
  }
  return env;
}

const HEALTHCHECK_SCRIPT = '/usr/local/lib/hostdash/healthcheck.mjs';
const jsonArgs = (args) => JSON.parse(args.replace(/^CMD\s+/, ''));

// Targets: stages nothing else is built from or copies from.
const usedStages = new Set(
  stages.flatMap((stage) => [
    stage.from,
    ...stage.instructions.flatMap((instruction) =>
      [...instruction.args.matchAll(/--from=(\S+)/g)].map((match) => match[1]),
    ),
  ]),
);
const targets = stages.filter((stage) => !usedStages.has(stage.name));
const servers = targets.filter((stage) => inherited(stage, 'HEALTHCHECK') !== 'NONE');

// ---- compose.yaml -------------------------------------------------------------------------------

const composeText = read('compose.yaml');
// Merge keys (<<) as Docker Compose resolves them; ${…} interpolations stay as written.
const compose = YAML.parse(composeText, { merge: true });
const services = Object.entries(compose.services).map(([name, service]) => ({ name, ...service }));
const oneShot = (service) => service.restart === 'no';
const targetOf = (service) => service.build?.target;
const ours = services.filter((service) => targetOf(service));
const byTarget = (target) => ours.filter((service) => targetOf(service) === target);
const environment = (service) => service.environment ?? {};

// ---- the variables each process reads -----------------------------------------------------------

/** Every non-test source file under `dir` (tests, test helpers and builds aside). */
function sourceFiles(dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  return readdirSync(absolute, { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return ['node_modules', 'dist', 'testing', 'fixtures', 'bench'].includes(entry.name)
        ? []
        : sourceFiles(relative);
    }
    const source = /\.(ts|mjs|cjs|js)$/.test(entry.name);
    const test = /\.test\.|testSupport\./.test(entry.name);
    return source && !test ? [relative] : [];
  });
}

/** The root's workspace folders, a pattern (`mfe-*`) read as the folders it names. */
const workspaceFolders = JSON.parse(read('package.json')).workspaces.flatMap((entry) =>
  entry.endsWith('*')
    ? readdirSync(root, { withFileTypes: true })
        .filter((folder) => folder.isDirectory() && folder.name.startsWith(entry.slice(0, -1)))
        .filter((folder) => existsSync(path.join(root, folder.name, 'package.json')))
        .map((folder) => folder.name)
    : [entry],
);

/** Workspace folders by package name (`@hostdash/storage` → `storage`). */
const workspaces = new Map(
  workspaceFolders.map((folder) => [JSON.parse(read(`${folder}/package.json`)).name, folder]),
);

/** A workspace and the workspaces it depends on, with all their dependencies' names. */
function dependencyClosure(folder, seen = new Set()) {
  if (seen.has(folder)) return { folders: seen, packages: new Set() };
  seen.add(folder);
  const packages = new Set();
  const manifest = JSON.parse(read(`${folder}/package.json`));
  for (const name of Object.keys(manifest.dependencies ?? {})) {
    packages.add(name);
    const workspace = workspaces.get(name);
    if (workspace) for (const dep of dependencyClosure(workspace, seen).packages) packages.add(dep);
  }
  return { folders: seen, packages };
}

// Where each target's process is programmed, and the workspace whose dependencies it installs.
const PROCESS_CODE = {
  api: { workspace: 'api', code: ['api/src'] },
  shell: { workspace: 'shell', code: ['shell/server'] },
  'remote-origin': { workspace: 'shell', code: ['shell/server'] },
  // deploy/publish-remotes.sh runs scripts/deploy.mjs, which runs @hostdash/delivery's CLI.
  publish: { workspace: 'delivery', code: ['scripts', 'delivery/src'] },
};

// Variables a library reads, not our code: allowed only where that library is installed.
const LIBRARY_VARIABLES = {
  AWS_REGION: '@aws-sdk/client-s3',
  AWS_ACCESS_KEY_ID: '@aws-sdk/client-s3',
  AWS_SECRET_ACCESS_KEY: '@aws-sdk/client-s3',
};

/** The environment variables the target's process reads: names in its code and its workspaces'. */
function variablesRead(target) {
  const { workspace, code } = PROCESS_CODE[target];
  const closure = dependencyClosure(workspace);
  const dirs = [
    ...code,
    ...[...closure.folders]
      .filter((folder) => folder !== workspace)
      .map((folder) => `${folder}/src`),
  ];
  const names = new Set();
  const suffixes = new Set();
  for (const file of dirs.flatMap(sourceFiles)) {
    const text = read(file);
    // process.env.NAME, env.NAME, env['NAME'], and a name handed to a reader: integer('API_PORT', …)
    for (const match of text.matchAll(/\benv\.([A-Z][A-Z0-9_]*)/g)) names.add(match[1]);
    for (const match of text.matchAll(/['"`]([A-Z][A-Z0-9_]{2,})['"`]/g)) names.add(match[1]);
    // A name made of a prefix and a rest: `${prefix}S3_BUCKET`, read as S3_BUCKET and, with the
    // prefix a caller passes ('REMOTES_'), as REMOTES_S3_BUCKET.
    for (const match of text.matchAll(/\$\{\w+\}([A-Z][A-Z0-9_]{2,})\b/g)) suffixes.add(match[1]);
  }
  const prefixes = [...names].filter((name) => name.endsWith('_'));
  for (const suffix of suffixes) {
    names.add(suffix);
    for (const prefix of prefixes) names.add(prefix + suffix);
  }
  for (const [name, library] of Object.entries(LIBRARY_VARIABLES)) {
    if (closure.packages.has(library)) names.add(name);
  }
  return names;
}

// ---- helpers for the other files ----------------------------------------------------------------

/** .dockerignore's patterns as regular expressions over repository paths. */
const dockerIgnored = read('.dockerignore')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line && !line.startsWith('#'))
  .map((pattern) => {
    // `**/` first, kept aside, so the `*` rule does not rewrite what it became.
    const source = pattern
      .replace(/[.+^$()|[\]{}]/g, '\\$&')
      .replace(/\*\*\//g, '\0')
      .replace(/\*/g, '[^/]*')
      .replace(/\?/g, '[^/]')
      .replace(/\0/g, '(?:.*/)?');
    return new RegExp(`^${source}(?:/.*)?$`);
  });
const isDockerIgnored = (file) => dockerIgnored.some((pattern) => pattern.test(file));

/** `10 * 1024 * 1024 + 64 * 1024` → 10551296 (a constant's literal value in the source). */
function constantValue(file, name) {
  const [, expression = ''] =
    new RegExp(`const ${name}\\s*=\\s*([\\d\\s*+_]+);`).exec(read(file)) ?? [];
  return expression
    .split('+')
    .map((term) => term.split('*').reduce((product, factor) => product * Number(factor.trim()), 1))
    .reduce((sum, term) => sum + term, 0);
}

const nginx = read('deploy/nginx/hostdash.conf').replace(/#.*$/gm, '');
const sizeInBytes = (size) => {
  const [, amount = '0', unit = ''] = /^(\d+)([kKmMgG]?)$/.exec(size) ?? [];
  return Number(amount) * ({ k: 1024, m: 1024 ** 2, g: 1024 ** 3 }[unit.toLowerCase()] ?? 1);
};

// =================================================================================================

describe('the Dockerfile', () => {
  it('builds an image for the API, the shell server and the remote origin, and a publish job', () => {
    expect(targets.map((stage) => stage.name).sort()).toEqual(
      ['api', 'publish', 'remote-origin', 'shell'].sort(),
    );
    expect(servers.map((stage) => stage.name).sort()).toEqual(['api', 'remote-origin', 'shell']);
  });

  it.each(targets.map((stage) => [stage.name, stage]))(
    '%s runs as an unprivileged user',
    (_name, stage) => {
      const user = inherited(stage, 'USER');
      expect(user).toBeDefined();
      expect(['root', '0', '0:0', 'root:root']).not.toContain(user);
    },
  );

  it.each(servers.map((stage) => [stage.name, stage]))(
    '%s runs Node 20 on Debian slim with production dependencies only, and stops on SIGTERM',
    (_name, stage) => {
      expect(lineage(stage).at(-1).from).toBe('node:20-bookworm-slim');
      expect(environmentOf(stage).NODE_ENV).toBe('production');
      expect(inherited(stage, 'STOPSIGNAL')).toBe('SIGTERM');
      // Its files come from the build's runtime tree, not from the build stage's node_modules.
      const copies = stage.instructions.filter((instruction) => instruction.keyword === 'COPY');
      expect(copies.map((copy) => copy.args)).toEqual([
        expect.stringMatching(/^--from=build \/runtime\/\w+\/ \/app\/$/),
      ]);
    },
  );

  it.each(servers.map((stage) => [stage.name, stage]))(
    '%s checks its own readiness on the port it listens on',
    (_name, stage) => {
      const check = inherited(stage, 'HEALTHCHECK');
      const [, command = '[]'] = /\bCMD\s+(\[.*\])$/.exec(check) ?? [];
      const [program, script, portVariable] = JSON.parse(command);
      expect([program, script]).toEqual(['node', HEALTHCHECK_SCRIPT]);
      // The port variable is one the process reads, set in the image and exposed.
      expect(variablesRead(stage.name)).toContain(portVariable);
      const port = environmentOf(stage)[portVariable];
      expect(port).toMatch(/^\d+$/);
      expect(inherited(stage, 'EXPOSE')).toBe(port);
      const copies = lineage(stage).flatMap((ancestor) => ancestor.instructions);
      expect(copies.map((instruction) => instruction.args)).toContain(
        `deploy/healthcheck.mjs ${HEALTHCHECK_SCRIPT}`,
      );
    },
  );

  it.each(servers.map((stage) => [stage.name, stage]))(
    '%s starts the process npm start starts, from the runtime tree of its workspace',
    (_name, stage) => {
      const [, entry = ''] = jsonArgs(inherited(stage, 'CMD'));
      // scripts/start.mjs: path.join(root, 'api/dist/server.js') …
      expect(read('scripts/start.mjs')).toContain(`path.join(root, '${entry}')`);
      const folder = entry.split('/')[0];
      const workspace = JSON.parse(read(`${folder}/package.json`)).name;
      const [, tree] = /^--from=build (\/runtime\/\w+)\//.exec(
        stage.instructions.find((instruction) => instruction.keyword === 'COPY').args,
      );
      const build = stageNamed('build').instructions.map((instruction) => instruction.args);
      expect(build.join('\n')).toContain(`deploy/runtime-tree.sh ${workspace} ${tree}`);
    },
  );

  it('installs with npm install from the lockfile (never npm ci) and downloads no browser', () => {
    const runs = stages.flatMap((stage) =>
      stage.instructions
        .filter((instruction) => instruction.keyword === 'RUN')
        .map((instruction) => ({ stage, command: instruction.args })),
    );
    expect(runs.some(({ command }) => /\bnpm ci\b/.test(command))).toBe(false);
    const installs = runs.filter(({ command }) => /\bnpm install\b(?! --global)/.test(command));
    expect(installs.length).toBeGreaterThan(0);
    for (const { stage } of installs) {
      expect(environmentOf(stage).PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD).toBe('1');
    }
  });

  it('copies only files that exist in the repository and that .dockerignore keeps', () => {
    const instructions = stages.flatMap((stage) => stage.instructions);
    const copied = instructions
      .filter((instruction) => instruction.keyword === 'COPY' && !/--from=/.test(instruction.args))
      .flatMap((instruction) => instruction.args.split(/\s+/).slice(0, -1));
    // …and the repository files the build and the jobs run by name, and those these scripts name
    // in turn (the lockfile, .npmrc).
    const pathsIn = (text) =>
      [
        ...text.matchAll(
          /(?<![\w/.-])((?:deploy|scripts)\/[\w./-]+|package(?:-lock)?\.json|\.npmrc)(?![\w/.-])/g,
        ),
      ].map((match) => match[1]);
    const named = instructions.flatMap((instruction) => pathsIn(instruction.args));
    const scripts = named.filter(
      (file) => file.endsWith('.sh') && existsSync(path.join(root, file)),
    );
    const files = [...copied, ...named, ...scripts.flatMap((script) => pathsIn(read(script)))];
    expect(files).toEqual(expect.arrayContaining(['.', 'package-lock.json', '.npmrc']));
    for (const file of files) {
      expect([file, existsSync(path.join(root, file))]).toEqual([file, true]);
      if (file !== '.') expect([file, isDockerIgnored(file)]).toEqual([file, false]);
    }
    // Local data, installs, builds and secrets never reach the build context.
    for (const file of [
      'node_modules',
      'api/node_modules',
      'shell/dist',
      '.data',
      '.env',
      '.git',
    ]) {
      expect([file, isDockerIgnored(file)]).toEqual([file, true]);
    }
  });

  it('bakes no secret into an image', () => {
    const settings = stages.flatMap((stage) =>
      stage.instructions
        .filter((instruction) => ['ENV', 'ARG'].includes(instruction.keyword))
        .flatMap((instruction) => [...instruction.args.matchAll(/(\w+)=/g)].map((m) => m[1])),
    );
    expect(settings.filter((name) => /PASSWORD|SECRET|TOKEN|_KEY|DATABASE_URL/.test(name))).toEqual(
      [],
    );
  });
});

describe('the health check script (deploy/healthcheck.mjs)', () => {
  /** Runs the script as the image does, against a loopback server answering `status`. */
  async function check(status) {
    const server = createServer((request, response) => {
      response.statusCode = request.url === '/health/ready' ? status : 404;
      response.end();
    });
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address();
    if (status === null) await new Promise((resolve) => server.close(resolve));
    try {
      return await new Promise((resolve) => {
        execFile(
          process.execPath,
          [path.join(root, 'deploy/healthcheck.mjs'), 'TEST_PORT'],
          { env: { PATH: process.env.PATH, TEST_PORT: String(port) }, timeout: 10_000 },
          (error) => resolve(error ? error.code : 0),
        );
      });
    } finally {
      if (status !== null) server.close();
    }
  }

  it('passes when /health/ready answers 200, fails on 503 and when nothing listens', async () => {
    expect(await check(200)).toBe(0);
    expect(await check(503)).toBe(1);
    expect(await check(null)).toBe(1);
  });
});

describe('compose.yaml', () => {
  it('runs PostgreSQL 15, an S3-compatible store, two APIs, two shell servers and a load balancer', () => {
    expect(compose.services.postgres.image).toMatch(/^postgres:15\b/);
    expect(compose.services.minio.image).toMatch(/^minio\/minio:RELEASE\./);
    expect(byTarget('api')).toHaveLength(2);
    expect(byTarget('shell')).toHaveLength(2);
    expect(compose.services.lb.image).toMatch(/^nginx:/);
    for (const service of ours)
      expect(targets.map((stage) => stage.name)).toContain(targetOf(service));
  });

  it('gives every long-running service a health check and waits for health, not for a start', () => {
    for (const service of services) {
      if (oneShot(service)) continue;
      const image = targetOf(service)
        ? inherited(stageNamed(targetOf(service)), 'HEALTHCHECK')
        : undefined;
      const check = service.healthcheck?.test ?? image;
      expect([service.name, Boolean(check) && check !== 'NONE']).toEqual([service.name, true]);
    }
    for (const service of services) {
      for (const [name, dependency] of Object.entries(service.depends_on ?? {})) {
        const expected = oneShot(compose.services[name])
          ? 'service_completed_successfully'
          : 'service_healthy';
        expect([service.name, name, dependency.condition]).toEqual([service.name, name, expected]);
      }
    }
  });

  it('points both APIs, both shell servers and the publish job at one PostgreSQL database', () => {
    const urls = [...byTarget('api'), ...byTarget('shell'), ...byTarget('publish')].map(
      (service) => environment(service).DATABASE_URL,
    );
    expect(urls).toHaveLength(5);
    expect(new Set(urls).size).toBe(1);
    const url = new URL(urls[0].replace(/\$\{[^}]+\}/, 'password'));
    expect(url.hostname).toBe('postgres');
    expect(url.pathname).toBe(`/${compose.services.postgres.environment.POSTGRES_DB}`);
    expect(url.username).toBe(compose.services.postgres.environment.POSTGRES_USER);
  });

  it.each(ours.map((service) => [service.name, service]))(
    '%s sets only variables its code reads',
    (_name, service) => {
      const known = variablesRead(targetOf(service));
      const unread = Object.keys(environment(service)).filter((name) => !known.has(name));
      expect(unread).toEqual([]);
    },
  );

  it('commits no secret: secrets come from .env, whose example holds only demo values', () => {
    const interpolated = new Set(
      [...composeText.matchAll(/\$\{(\w+)(?::?[?-][^}]*)?\}/g)].map((match) => match[1]),
    );
    // A compose secret (mounted at /run/secrets/<name>) made from a variable of .env.
    const secretSources = Object.values(compose.secrets ?? {}).map((secret) => secret.environment);
    expect(secretSources.every(Boolean)).toBe(true);
    for (const service of services) {
      for (const [name, value] of Object.entries(environment(service))) {
        if (name.endsWith('_FILE')) {
          // A file holding a secret: one of the compose secrets, mounted into this service.
          const [, secret] = /^\/run\/secrets\/([\w-]+)$/.exec(String(value)) ?? [];
          expect([service.name, name, service.secrets ?? []]).toEqual([
            service.name,
            name,
            expect.arrayContaining([secret]),
          ]);
          expect(Object.keys(compose.secrets)).toContain(secret);
        } else if (/PASSWORD|SECRET|TOKEN|_KEY|DATABASE_URL/.test(name)) {
          expect([service.name, name, String(value)]).toEqual([
            service.name,
            name,
            expect.stringMatching(/\$\{\w+:\?[^}]+\}/),
          ]);
        }
      }
    }
    const example = Object.fromEntries(
      read('compose.env.example')
        .split('\n')
        .filter((line) => line && !line.startsWith('#'))
        .map((line) => line.split(/=(.*)/s, 2)),
    );
    expect(Object.keys(example).sort()).toEqual([...interpolated, ...secretSources].sort());
    for (const [name, value] of Object.entries(example)) {
      // A key ring's keys are bytes in base64: their text says "demo".
      const plain =
        name === 'SECRETS_KEYS'
          ? value
              .split(/\s+/)
              .map((line) => Buffer.from(line.split(':')[1] ?? '', 'base64').toString())
              .join(' ')
          : value;
      expect([name, plain]).toEqual([name, expect.stringContaining('demo')]);
    }
    expect(read('.gitignore').split('\n')).toContain('.env');
  });

  it('puts the load balancer in front of the shell servers, trusted by them alone', () => {
    const shells = byTarget('shell');
    const shellPort = environmentOf(stageNamed('shell')).PORT;
    const [, upstream = ''] = /upstream\s+\w+\s*\{([^}]*)\}/.exec(nginx) ?? [];
    const upstreamServers = [...upstream.matchAll(/^\s*server\s+(\S+)/gm)].map((match) => match[1]);
    expect(upstreamServers.sort()).toEqual(
      shells.map((shell) => `${shell.name}:${shellPort}`).sort(),
    );
    const lbAddress = compose.services.lb.networks.front.ipv4_address;
    for (const shell of shells) {
      expect(environment(shell).TRUSTED_PROXIES).toBe(lbAddress);
      expect(Object.keys(shell.networks)).toContain('front');
    }
    // The client is the address that connected to the load balancer, whatever it claims.
    expect(nginx).toMatch(/proxy_set_header\s+X-Forwarded-For\s+\$remote_addr;/);
    // The largest body the shell server accepts passes the load balancer too.
    const [, bodySize = '0'] = /client_max_body_size\s+(\w+);/.exec(nginx) ?? [];
    expect(sizeInBytes(bodySize)).toBeGreaterThanOrEqual(
      constantValue('shell/server/proxy.ts', 'GUEST_IMAGE_BODY_LIMIT'),
    );
    const mounted = compose.services.lb.volumes.map((volume) => volume.split(':')[0]);
    expect(mounted).toContain('./deploy/nginx/hostdash.conf');
  });

  it('lets the APIs believe X-Forwarded-For from the shell servers only', () => {
    const shellAddresses = byTarget('shell')
      .map((shell) => shell.networks.back.ipv4_address)
      .sort();
    for (const api of byTarget('api')) {
      expect(environment(api).API_TRUSTED_PROXIES.split(',').sort()).toEqual(shellAddresses);
    }
  });

  it('makes a private bucket for files and a public one the remotes are served from', () => {
    const filesBucket = environment(byTarget('api')[0]).S3_BUCKET;
    const remotesBucket = environment(byTarget('publish')[0]).REMOTES_S3_BUCKET;
    const script = read('deploy/minio/buckets.sh');
    expect(script).toContain(`mc mb --ignore-existing hostdash/${filesBucket}`);
    expect(script).toContain(`mc mb --ignore-existing hostdash/${remotesBucket}`);
    expect(script).toContain(`mc anonymous set none hostdash/${filesBucket}`);
    expect(script).toContain(`mc anonymous set download hostdash/${remotesBucket}`);
    // Browsers load the remotes from the bucket's public address, which the shell servers check too.
    for (const shell of byTarget('shell')) {
      const origin = new URL(environment(shell).REMOTES_ORIGIN);
      expect(origin.pathname).toBe(`/${remotesBucket}`);
      expect(compose.services.minio.networks.back.aliases).toContain(origin.hostname);
      expect(compose.services.minio.ports).toContain(`127.0.0.1:${origin.port}:9000`);
      expect(environment(shell).REMOTES_S3_BUCKET).toBe(remotesBucket);
    }
    const endpoints = [
      ...byTarget('api').map((api) => environment(api).S3_ENDPOINT),
      ...[...byTarget('shell'), ...byTarget('publish')].map(
        (service) => environment(service).REMOTES_S3_ENDPOINT,
      ),
    ];
    for (const endpoint of endpoints) expect(new URL(endpoint).hostname).toBe('minio');
    const policy = JSON.parse(read('deploy/minio/hostdash-policy.json'));
    const resources = policy.Statement.flatMap((statement) => statement.Resource);
    expect(resources).toEqual(
      expect.arrayContaining([`arn:aws:s3:::${filesBucket}/*`, `arn:aws:s3:::${remotesBucket}/*`]),
    );
    for (const service of services) {
      for (const volume of service.volumes ?? []) {
        const [source] = volume.split(':');
        if (source.startsWith('./'))
          expect([source, existsSync(path.join(root, source))]).toEqual([source, true]);
      }
    }
  });
});
