import { readClientConfig } from './config';

describe('readClientConfig', () => {
  afterEach(() => document.head.replaceChildren());

  it('reads what the shell server put in the page', () => {
    document.head.innerHTML = `<script id="hostdash-config" type="application/json">${JSON.stringify(
      {
        stage: 'staging',
        user: { id: '7', name: 'Olivia Hart' },
        billingBypass: true,
        flagsmith: { api: '/api/flagsmith/api/v1/', environmentKey: 'key' },
        remotes: {
          schema:
            'https://raw.githubusercontent.com/awslabs/frontend-discovery/main/schema/v1-pre.json',
          microFrontends: {
            listings: [
              {
                url: 'http://remotes/listings/1/remoteEntry.js',
                metadata: { version: '1', integrity: '' },
                extras: { manifest: 'http://remotes/listings/1/mf-manifest.json' },
                deployment: { traffic: 100, default: true },
              },
            ],
          },
        },
        remotesRecheckMs: 0,
      },
    )}</script>`;
    const config = readClientConfig();
    expect(config).toMatchObject({
      stage: 'staging',
      billingBypass: true,
      user: { id: '7' },
      remotes: { microFrontends: { listings: [{ metadata: { version: '1' } }] } },
      remotesRecheckMs: 0,
    });
    expect(config.flagsmith).toEqual({
      api: 'http://localhost/api/flagsmith/api/v1/',
      environmentKey: 'key',
    });
  });

  it('falls back to safe defaults (signed out, production) without it or with broken JSON', () => {
    expect(readClientConfig()).toMatchObject({
      stage: 'prod',
      user: null,
      billingBypass: false,
      remotes: null,
      remotesRecheckMs: 60_000,
    });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.head.innerHTML =
      '<script id="hostdash-config" type="application/json">{"user":</script>';
    expect(readClientConfig()).toMatchObject({ stage: 'prod', user: null });
    // The registry in the format before Frontend Discovery (a list) is not read as one.
    document.head.innerHTML = `<script id="hostdash-config" type="application/json">${JSON.stringify(
      { remotes: [{ name: 'listings', manifest: 'http://remotes/listings/1/mf-manifest.json' }] },
    )}</script>`;
    expect(readClientConfig().remotes).toBeNull();
  });
});
