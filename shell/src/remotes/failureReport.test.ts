import { report } from '../telemetry/pageTelemetry';
import { reportRemoteFailure } from './failureReport';
import { RemoteIncompatibleError, RemoteLoadError, RemoteNotDeployedError } from './loader';

jest.mock('../telemetry/pageTelemetry', () => ({ report: jest.fn() }));
const reported = report as jest.MockedFunction<typeof report>;

beforeEach(() => reported.mockClear());

describe('a remote that could not be shown, in the telemetry', () => {
  it('says nothing of a remote that is not deployed', () => {
    reportRemoteFailure('billing', new RemoteNotDeployedError('billing'), { loaded: false });
    expect(reported).not.toHaveBeenCalled();
  });

  it('tells a contract refusal, a load failure and a thrown page apart, naming a widget', () => {
    reportRemoteFailure(
      'billing',
      new RemoteIncompatibleError('billing', '2.0.0', '^2.0.0', true),
      {
        loaded: false,
      },
    );
    reportRemoteFailure('guestportal', new RemoteLoadError('guestportal', new Error('timeout')), {
      loaded: false,
      module: 'screensWidget',
    });
    reportRemoteFailure('listings', new Error('Cannot read id of ana@example.com'), {
      loaded: true,
    });
    expect(reported.mock.calls.map(([event]) => event)).toEqual([
      {
        type: 'contract_refused',
        remote: 'billing',
        message: expect.stringContaining('needs shell contract ^2.0.0'),
      },
      {
        type: 'remote_load_failed',
        remote: 'guestportal',
        message: 'screensWidget: The guestportal remote failed to load: timeout',
      },
      { type: 'boundary_error', remote: 'listings', message: 'Cannot read id of [email]' },
    ]);
  });
});
