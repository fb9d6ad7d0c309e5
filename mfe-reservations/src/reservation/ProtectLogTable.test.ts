import type { ProtectLogEntry } from '../reservations/reservationsApi';
import { describeEntry, entryTitle } from './ProtectLogTable';

const entry = (
  event: ProtectLogEntry['event'],
  details: Record<string, unknown>,
): ProtectLogEntry => ({
  id: '1',
  at: '2026-11-22T23:31:00Z',
  event,
  actor_name: 'Hostdash Protect',
  supervised: false,
  note: null,
  details,
});

describe('describeEntry', () => {
  it('says what a screening found, the way the risk chips read', () => {
    expect(
      describeEntry(
        entry('screened', {
          score: 55,
          colour: 'orange',
          factors: ['id_not_verified', 'party_keywords'],
        }),
      ),
    ).toBe('Orange · 55, 2 factors');
    expect(describeEntry(entry('screened', { score: 0, colour: 'green', factors: [] }))).toBe(
      'Green · 0, no risk factors',
    );
    expect(
      describeEntry(
        entry('screened', { score: 20, colour: 'green', factors: ['id_not_verified'] }),
      ),
    ).toBe('Green · 20, 1 factor');
  });

  it('shows a recalculation as before → after, or that nothing moved', () => {
    const recalculated = (before: object, after: object) =>
      describeEntry(entry('risk_recalculated', { before, after }));
    expect(recalculated({ score: 55, colour: 'orange' }, { score: 70, colour: 'red' })).toBe(
      'Orange · 55 → Red · 70',
    );
    expect(recalculated({ score: 15, colour: 'green' }, { score: 15, colour: 'green' })).toBe(
      'Still Green · 15',
    );
  });

  it('says nothing rather than something wrong when the details are missing', () => {
    expect(describeEntry(entry('screened', {}))).toBe('');
    expect(describeEntry(entry('risk_recalculated', { after: { score: 1 } }))).toBe('');
  });

  it('names the verification change by its labels', () => {
    expect(describeEntry(entry('verification_changed', { from: 'review', to: 'verified' }))).toBe(
      'In review → Verified',
    );
  });

  it('names tolerances and images as the host reads them, not the stored values', () => {
    expect(describeEntry(entry('tolerance_changed', { from: 'balanced', to: 'low' }))).toBe(
      'Balanced → Strict',
    );
    expect(describeEntry(entry('image_rotated', { image: 'id_front', rotation: 90 }))).toBe(
      'ID front, now at 90°',
    );
  });
});

describe('entryTitle', () => {
  it('says which report was generated or failed', () => {
    expect(entryTitle(entry('report_generated', { type: 'guest-portal', format: 'pdf' }))).toBe(
      'Guest portal report generated',
    );
    expect(entryTitle(entry('report_failed', { type: 'screening', error: 'No data' }))).toBe(
      'Screening report failed',
    );
    expect(describeEntry(entry('report_generated', { type: 'guest-portal', format: 'pdf' }))).toBe(
      'PDF',
    );
    // The error a failure stored is the server's text: the log does not quote it.
    expect(
      describeEntry(entry('report_failed', { type: 'screening', format: 'csv', error: 'No data' })),
    ).toBe('CSV');
    expect(entryTitle(entry('tolerance_changed', { from: 'low', to: 'balanced' }))).toBe(
      'Risk tolerance changed',
    );
  });
});
