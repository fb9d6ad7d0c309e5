/** @jest-environment node */
// The build side of independent delivery (build/webpack.federation.cjs): each remote's release
// version, the contract range it declares, and the shared-singleton check that fails its build.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { CONTRACT_VERSION } from '@hostdash/shared-auth';
import {
  contractRange,
  MUI_GUEST_STEPS_FILE,
  MUI_MORE_FILE,
  muiGuestStepsNames,
  muiGuestSurface,
  muiMoreNames,
  muiSurface,
  providedSharedVersions,
  readContractVersion,
  releaseVersion,
  sharedMismatches,
  sharedReport,
  sharedSingletons,
  SURFACES,
  unprovidedShared,
  withoutFallbacks,
  surfaceNames,
} from '@hostdash/build/webpack';
import { splitMuiImports } from '@hostdash/build/mui-parts-loader';
import listingsPackage from '../../mfe-listings/package.json';
import { checkContract } from '../src/remotes/compatibility';

describe('the federation build', () => {
  it('reads the contract version shared-auth exports', () => {
    expect(readContractVersion()).toBe(CONTRACT_VERSION);
  });

  it("takes a remote's contract range from its package.json, or the contract it is built against", () => {
    expect(contractRange({ hostdash: { contract: '^1.2.0' } }, '1.3.0', {})).toBe('^1.2.0');
    expect(contractRange({}, '1.3.0', {})).toBe('^1.3.0');
    expect(
      contractRange({ hostdash: { contract: '^1.2.0' } }, '1.3.0', {
        HOSTDASH_CONTRACT_RANGE: '^2.0.0',
      }),
    ).toBe('^2.0.0');
    expect(() =>
      contractRange({ name: 'x', hostdash: { contract: 'latest' } }, '1.0.0', {}),
    ).toThrow(/semver range/);
  });

  it('versions a release as <package version>+<8 hex of the build hash and contract>', () => {
    const version = releaseVersion('0.1.0', 'f00dfeed', '^1.0.0');
    expect(version).toMatch(/^0\.1\.0\+[0-9a-f]{8}$/);
    expect(releaseVersion('0.1.0', 'f00dfeed', '^1.0.0')).toBe(version);
    expect(releaseVersion('0.1.0', 'f00dfee0', '^1.0.0')).not.toBe(version);
    expect(releaseVersion('0.1.0', 'f00dfeed', '^2.0.0')).not.toBe(version);
  });

  it('reports a shared singleton the shell cannot satisfy, and nothing else', () => {
    const provided = { react: '19.3.1', '@mui/material': '9.5.0' };
    const mismatches = sharedMismatches(
      {
        react: { singleton: true, requiredVersion: '~19.4.0' },
        '@mui/material': { singleton: true, requiredVersion: '~9.5.0' },
        lodash: { singleton: true, requiredVersion: '^4.0.0' },
        other: { singleton: false, requiredVersion: '^1.0.0' },
      },
      provided,
    );
    expect(mismatches).toEqual([{ name: 'react', requiredVersion: '~19.4.0', provided: '19.3.1' }]);
    expect(sharedReport('listings', mismatches)).toContain(
      'react: requires ~19.4.0, the shell provides 19.3.1',
    );
  });

  it('builds a production remote without copies of the singletons, and names one the shell lacks', () => {
    const shared = sharedSingletons(listingsPackage.dependencies);
    const federated = withoutFallbacks(shared);
    expect(Object.keys(federated)).toEqual(Object.keys(shared));
    expect(Object.values(federated).every((config) => config.import === false)).toBe(true);
    expect(unprovidedShared(shared, providedSharedVersions())).toEqual([]);
    const lacking = unprovidedShared(shared, { react: '19.3.1' });
    expect(lacking.map(({ name }) => name)).toContain('@mui/material');
    expect(lacking.map(({ name }) => name)).not.toContain('react');
    expect(sharedReport('listings', lacking)).toContain(
      '@mui/material: the shell provides none, and a production remote carries no copy of its own',
    );
  });

  it("builds this workspace's listings remote: its range includes the contract and its singletons fit the shell", () => {
    const range = contractRange(listingsPackage, CONTRACT_VERSION, {});
    expect(range).toBe(listingsPackage.hostdash.contract);
    expect(checkContract(range, CONTRACT_VERSION)).toEqual({ compatible: true, contract: range });
    const provided = providedSharedVersions();
    expect(provided.react).toMatch(/^19\./);
    expect(sharedMismatches(sharedSingletons(listingsPackage.dependencies), provided)).toEqual([]);
  });

  it('provides as @mui/material every MUI name the remotes and shared-ui import, not the whole barrel', () => {
    const imported = importedNames('@mui/material', ['shared-ui']);
    const core = muiSurface();
    const more = muiSurface(MUI_MORE_FILE);
    const dirs = new Set([...core.dirs, ...more.dirs]);
    expect(imported.size).toBeGreaterThan(20);
    expect([...imported].filter((name) => !core.names.has(name) && !more.names.has(name))).toEqual(
      [],
    );
    // What @mui/x-charts imports by path (answered from the shared module).
    for (const dir of ['styles', 'Popper', 'Typography', 'NoSsr', 'utils', 'useMediaQuery'])
      expect(dirs.has(dir)).toBe(true);
    // Not the barrel: modules no app uses (SpeedDial …) stay out.
    expect(dirs.has('SpeedDial')).toBe(false);
  });

  it("provides in a second part what only some remotes use, apart from the guest page's MUI", () => {
    const more = muiSurface(MUI_MORE_FILE);
    expect([...more.dirs]).toEqual(expect.arrayContaining(['Tabs', 'Switch', 'Stepper']));
    expect([...muiSurface().dirs].filter((dir) => more.dirs.has(dir))).toEqual([]);
    expect(muiMoreNames()).toEqual(more.names);
    expect([...muiGuestSurface()].filter((name) => more.names.has(name))).toEqual([]);
    // An owner's journey (listings, reservations, shared-ui in both) never loads the second part.
    const owners = importedNames('@mui/material', ['shared-ui'], ['listings', 'reservations']);
    expect([...owners].filter((name) => more.names.has(name))).toEqual([]);
  });

  it("provides the guest page's later steps' MUI apart from its first part, and the dashboard has it", () => {
    const steps = muiGuestSurface(MUI_GUEST_STEPS_FILE);
    expect([...steps]).toEqual(expect.arrayContaining(['Alert', 'Checkbox']));
    expect(muiGuestStepsNames()).toEqual(steps);
    expect([...muiGuestSurface()].filter((name) => steps.has(name))).toEqual([]);
    expect([...muiSurface(MUI_MORE_FILE).names].filter((name) => steps.has(name))).toEqual([]);
    expect([...steps].filter((name) => !muiSurface().names.has(name))).toEqual([]);
    // Only the shell and the guest portal share it.
    const sharing = (dir: string) =>
      Object.keys(
        sharedSingletons({ '@mui/material': '^7.0.0' }, path.resolve(__dirname, '../..', dir)),
      );
    expect(sharing('shell')).toContain('@hostdash/mui-guest-steps');
    expect(sharing('mfe-guestportal')).toContain('@hostdash/mui-guest-steps');
    expect(sharing('mfe-listings')).not.toContain('@hostdash/mui-guest-steps');
  });

  it("splits a remote's named imports from @mui/material between MUI's two parts", () => {
    const more = new Set(['Tabs', 'Tab', 'tabsClasses']);
    const split = (source: string) => splitMuiImports(source, more, '@hostdash/mui-more');
    expect(split(`import { Box, Tabs as T, Tab } from '@mui/material';\nx();`)).toBe(
      `import { Box } from '@mui/material'; import { Tabs as T, Tab } from '@hostdash/mui-more';\nx();`,
    );
    // Only the second part's names: one import; a statement over lines keeps its line count.
    expect(split(`import {\n  Tabs,\n  tabsClasses\n} from "@mui/material";\ny();`)).toBe(
      `import { Tabs, tabsClasses } from '@hostdash/mui-more';\n\n\n\ny();`,
    );
    // Nothing of the second part, another module, a namespace: as they were.
    for (const source of [
      `import { Box, Button } from '@mui/material';`,
      `import { Tabs } from '@mui/material/Tabs';`,
      `import * as M from '@mui/material';`,
    ])
      expect(split(source)).toBe(source);
  });

  it('provides every react-router, Redux Toolkit and react-redux name the apps import, not the whole package', () => {
    for (const { shared, file } of SURFACES) {
      const provided = surfaceNames(file);
      const imported = importedNames(shared, ['shared-ui', 'shared-auth']);
      expect({ shared, imports: imported.size > 0 }).toEqual({ shared, imports: true });
      expect({ shared, missing: [...imported].filter((name) => !provided.has(name)) }).toEqual({
        shared,
        missing: [],
      });
    }
    // Not the whole package: what no app uses stays out.
    const [, reduxToolkit, reactRedux] = SURFACES.map(({ file }) => surfaceNames(file));
    expect(reduxToolkit?.has('createListenerMiddleware')).toBe(false);
    expect(reactRedux?.has('connect')).toBe(false);
  });
});

/**
 * The names the remotes (or only the remotes named in `remotes`) and `others` import by name from
 * `request`, from their sources.
 */
function importedNames(request: string, others: string[], remotes?: string[]): Set<string> {
  const root = path.resolve(__dirname, '../..');
  const sources = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) return sources(file);
      return /\.tsx?$/.test(entry.name) && !/\.test\./.test(entry.name) ? [file] : [];
    });
  const apps = readdirSync(root).filter(
    (name) =>
      (name.startsWith('mfe-') && (!remotes || remotes.includes(name.slice(4)))) ||
      others.includes(name),
  );
  const from = new RegExp(
    `import\\s+\\{([^}]*)\\}\\s+from\\s+'${request.replace(/[/]/g, '\\/')}'`,
    'g',
  );
  return new Set(
    apps.flatMap((app) =>
      sources(path.join(root, app, 'src')).flatMap((file) =>
        [...readFileSync(file, 'utf8').matchAll(from)].flatMap(([, list]) =>
          list!
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name && !name.startsWith('type '))
            .map((name) => name.split(/\s+as\s+/)[0]!),
        ),
      ),
    ),
  );
}
