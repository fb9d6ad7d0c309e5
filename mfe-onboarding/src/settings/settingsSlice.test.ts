import { connectActions } from '../connect/connectSlice';
import { onboardReducer, type OnboardState } from '../onboardSlice';
import {
  DEFAULT_PREFERENCES,
  makeConnection,
  makeTask,
  RECOVERY_CODES,
  SECRET,
} from '../testing/settingsServer';
import type { Profile } from './settingsApi';
import { importUnderWay, settingsActions } from './settingsSlice';

const PROFILE: Profile = {
  id: '1',
  name: 'Olivia Hart',
  email: 'owner@hostdash.test',
  second_step: false,
  notification_preferences: { ...DEFAULT_PREFERENCES },
};

function withProfile(): OnboardState {
  const state = onboardReducer(undefined, { type: 'init' });
  return onboardReducer(state, settingsActions.loadProfile.succeeded(PROFILE, undefined));
}

const apiError = { error: 'internal', message: 'Something failed on our side.', status: 500 };

describe('the settings part of the onboard slice', () => {
  it('sits beside the connect page’s task and context, which stay at the top level', () => {
    const state = withProfile();
    expect(state.task).toBeNull();
    expect(state.context.phase).toBe('form');
    expect(state.settings.profile?.email).toBe('owner@hostdash.test');
    expect(onboardReducer(state, { type: 'someone/else' })).toBe(state);
  });

  it('keeps the settings when the connect page opens another system', () => {
    const state = onboardReducer(withProfile(), connectActions.opened({ pms: 'guesty' }));
    expect(state.context.pms).toBe('guesty');
    expect(state.settings.profile).toEqual(PROFILE);
  });

  it('shows a toggled preference at once and puts it back when the save is refused', () => {
    let state = onboardReducer(
      withProfile(),
      settingsActions.savePreferences.requested({ mail_on_red_reservation: false }),
    );
    expect(state.settings.preferences?.mail_on_red_reservation).toBe(false);
    expect(state.settings.savingPreferences).toEqual(['mail_on_red_reservation']);

    state = onboardReducer(
      state,
      settingsActions.savePreferences.failed(apiError, {
        request: { mail_on_red_reservation: false },
      }),
    );
    expect(state.settings.preferences?.mail_on_red_reservation).toBe(true);
    expect(state.settings.savingPreferences).toEqual([]);
  });

  it('lets one switch’s answer leave another switch’s toggle under way as the person chose', () => {
    let state = onboardReducer(
      withProfile(),
      settingsActions.savePreferences.requested({ mail_on_red_reservation: false }),
    );
    state = onboardReducer(
      state,
      settingsActions.savePreferences.requested({ mail_on_import_finished: false }),
    );
    // The first answer was written before the second toggle reached the API.
    state = onboardReducer(
      state,
      settingsActions.savePreferences.succeeded(
        { ...DEFAULT_PREFERENCES, mail_on_red_reservation: false },
        { mail_on_red_reservation: false },
      ),
    );
    expect(state.settings.preferences).toEqual({
      ...DEFAULT_PREFERENCES,
      mail_on_red_reservation: false,
      mail_on_import_finished: false,
    });
    expect(state.settings.savingPreferences).toEqual(['mail_on_import_finished']);
  });

  it('holds the recovery codes from the confirmation until they are saved, and never after leaving', () => {
    let state = onboardReducer(
      withProfile(),
      settingsActions.setUpSecondStep.succeeded({ secret: SECRET, otpauth_url: 'otpauth://x' }),
    );
    expect(state.settings.secondStep.setup?.secret).toBe(SECRET);
    state = onboardReducer(
      state,
      settingsActions.confirmSecondStep.succeeded(
        { recovery_codes: RECOVERY_CODES },
        { code: '246810' },
      ),
    );
    expect(state.settings.secondStep).toEqual({ setup: null, recoveryCodes: RECOVERY_CODES });
    expect(state.settings.profile?.second_step).toBe(true);

    expect(
      onboardReducer(state, settingsActions.recoveryCodesSaved()).settings.secondStep.recoveryCodes,
    ).toBeNull();
    expect(
      onboardReducer(state, settingsActions.left()).settings.secondStep.recoveryCodes,
    ).toBeNull();
  });

  it('marks the second step off once turned off, and when the API says it already was', () => {
    const on = onboardReducer(
      withProfile(),
      settingsActions.loadProfile.succeeded({ ...PROFILE, second_step: true }, undefined),
    );
    expect(
      onboardReducer(
        on,
        settingsActions.disableSecondStep.succeeded({ message: 'Off.' }, { code: '246810' }),
      ).settings.profile?.second_step,
    ).toBe(false);
    expect(
      onboardReducer(
        on,
        settingsActions.disableSecondStep.failed(
          { error: 'second_step_off', message: 'The second step is already off.', status: 409 },
          { request: { code: '246810' } },
        ),
      ).settings.profile?.second_step,
    ).toBe(false);
    expect(
      onboardReducer(
        on,
        settingsActions.disableSecondStep.failed(
          { error: 'invalid_code', message: 'That code does not match.', status: 400 },
          { request: { code: '000000' } },
        ),
      ).settings.profile?.second_step,
    ).toBe(true);
  });

  it('knows which system is syncing until the API answers', () => {
    const request = { pms: 'hostaway' as const, label: 'Hostaway' };
    let state = onboardReducer(withProfile(), settingsActions.sync.requested(request));
    expect(state.settings.syncing).toBe('hostaway');
    state = onboardReducer(state, settingsActions.sync.failed(apiError, { request }));
    expect(state.settings.syncing).toBeNull();
    expect(state.settings.status.sync.error).toEqual(apiError);
  });

  it('tells an import under way from finished and failed ones', () => {
    const integrations = (state: 'queued' | 'running' | 'succeeded' | 'failed') => ({
      items: [
        makeConnection('guesty'),
        makeConnection('hostaway', { task: makeTask('hostaway', { state }) }),
      ],
      sources: [],
      onboarded_at: null,
    });
    expect(importUnderWay(integrations('queued'))).toBe(true);
    expect(importUnderWay(integrations('running'))).toBe(true);
    expect(importUnderWay(integrations('succeeded'))).toBe(false);
    expect(importUnderWay(integrations('failed'))).toBe(false);
    expect(importUnderWay(null)).toBe(false);
  });
});
