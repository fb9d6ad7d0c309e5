// The guest page's share table (docs/adr/0035-guest-page-weight.md): the modules the guest portal's
// build is checked against (GUEST_SHARED in build/webpack.federation.cjs), each provided with what
// the shell's build declares, and MUI's own components, not copies.
// eslint-disable-next-line @typescript-eslint/no-restricted-imports -- compared with MUI's own barrel
import * as mui from '@mui/material';
import * as react from 'react';
import {
  GUEST_SHARED,
  guestReactAliases,
  guestReactNames,
  MUI_GUEST_STEPS_FILE,
  muiGuestSurface,
  providedShareInfo,
} from '@hostdash/build/webpack';
import { GUEST_SHARED_MODULES, guestShared } from './guestShared';

describe('the guest page’s share table', () => {
  const info = providedShareInfo();

  it('provides exactly what the guest portal’s build is checked against, each declared by the build', () => {
    expect(Object.keys(GUEST_SHARED_MODULES).sort()).toEqual([...GUEST_SHARED].sort());
    expect(Object.keys(guestShared(info)).sort()).toEqual([...GUEST_SHARED].sort());
    expect(guestShared(info).react).toMatchObject({ version: info.react?.version });
  });

  it('gives the portal the page’s React and MUI’s own components, nothing of the dashboard', () => {
    const lib = (name: string) => {
      const share = guestShared(info)[name];
      if (!share || !('lib' in share)) throw new Error(`${name} is not provided loaded`);
      return share.lib() as Record<string, unknown>;
    };
    expect(lib('react').useState).toBe(react.useState);
    const surface = lib('@mui/material');
    expect(Object.keys(surface).sort()).toEqual([...muiGuestSurface()].sort());
    const barrel: Record<string, unknown> = mui;
    for (const name of muiGuestSurface()) expect(surface[name]).toBe(barrel[name]);
    for (const dashboardOnly of ['react-router', 'redux', 'redux-saga', '@hostdash/shared-auth'])
      expect(guestShared(info)[dashboardOnly]).toBeUndefined();
  });

  it('gives the later steps’ MUI when the portal first asks, MUI’s own components too', async () => {
    const share = guestShared(info)['@hostdash/mui-guest-steps'];
    if (!share || !('get' in share)) throw new Error('the steps’ MUI is not provided on demand');
    expect(share.shareConfig).toMatchObject({ singleton: true });
    const steps = (await share.get())() as Record<string, unknown>;
    const names = muiGuestSurface(MUI_GUEST_STEPS_FILE);
    expect(Object.keys(steps).sort()).toEqual([...names].sort());
    const barrel: Record<string, unknown> = mui;
    for (const name of names) {
      expect(steps[name]).toBe(barrel[name]);
      // A name comes from one part only.
      expect(muiGuestSurface().has(name)).toBe(false);
    }
  });

  it('is built on Preact’s React API, which the portal’s build checks its React names against', () => {
    // Every React module the page provides is preact/compat in the shell's guest layer.
    const reactModules = GUEST_SHARED.filter((name) => name.startsWith('react'));
    expect(Object.keys(guestReactAliases()).sort()).toEqual(
      [...reactModules, 'react/jsx-dev-runtime'].map((name) => `${name}$`).sort(),
    );
    expect(
      Object.values(guestReactAliases()).every((module) => module.startsWith('preact/compat')),
    ).toBe(true);
    const names = guestReactNames();
    for (const hook of ['useState', 'useEffect', 'useId', 'useSyncExternalStore', 'forwardRef'])
      expect(names.get('react')).toContain(hook);
    expect(names.get('react-dom/client')).toContain('createRoot');
    // A React 19 API Preact lacks: a portal importing it fails its build (GuestSurfacePlugin).
    expect(names.get('react')).not.toContain('useActionState');
  });
});
