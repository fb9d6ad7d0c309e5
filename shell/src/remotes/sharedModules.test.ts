/** @jest-environment node */
import { CONTRACT_VERSION } from '@hostdash/shared-auth';
import * as react from 'react';
import * as sharedAuth from '@hostdash/shared-auth';
import { providedShareInfo } from '@hostdash/build/webpack';
import { providedShared, SHARED_MODULES } from './sharedModules';

describe('the singletons the shell provides to the remotes', () => {
  const info = providedShareInfo();

  it('has a module for every singleton its build shares, and for nothing else', () => {
    expect(Object.keys(SHARED_MODULES).sort()).toEqual(Object.keys(info).sort());
  });

  it('registers the modules the shell itself runs, loaded, with the versions its build declares', async () => {
    const shared = providedShared(info);
    expect(shared.react).toMatchObject({
      version: info.react?.version,
      shareConfig: { singleton: true, requiredVersion: '~19.3.1' },
    });
    const lib = <T>(name: string) => {
      const share = shared[name]!;
      if (!('lib' in share)) throw new Error(`${name} is not provided loaded`);
      return share.lib() as T;
    };
    expect(lib<typeof react>('react').useState).toBe(react.useState);
    // The one API client of the page, and the contract the remotes check.
    const auth = lib<typeof sharedAuth>('@hostdash/shared-auth');
    expect(auth.api).toBe(sharedAuth.api);
    expect(auth.CONTRACT_VERSION).toBe(CONTRACT_VERSION);
    // MUI's barrel is loaded only when a remote first asks for it.
    expect('get' in shared['@mui/material']!).toBe(true);
  });
});
