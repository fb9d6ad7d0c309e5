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
      },
    )}</script>`;
    const config = readClientConfig();
    expect(config).toMatchObject({ stage: 'staging', billingBypass: true, user: { id: '7' } });
    expect(config.flagsmith).toEqual({
      api: 'http://localhost/api/flagsmith/api/v1/',
      environmentKey: 'key',
    });
  });

  it('falls back to safe defaults (signed out, production) without it or with broken JSON', () => {
    expect(readClientConfig()).toMatchObject({ stage: 'prod', user: null, billingBypass: false });
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    document.head.innerHTML =
      '<script id="hostdash-config" type="application/json">{"user":</script>';
    expect(readClientConfig()).toMatchObject({ stage: 'prod', user: null });
  });
});
