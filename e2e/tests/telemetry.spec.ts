// The shell's telemetry reaches the collector (issue 17): after a few pages, hiding the page sends
// one beacon to /api/telemetry, which takes it (202); the events name route templates and the
// remote that rendered each page, and nothing personal of the signed-in owner.
import { expect, test } from '@playwright/test';
import { navigateInApp } from './support/navigation';
import { expectHeading, signInThroughForm } from './support/session';
import { hidePageAndSend, recordTelemetry } from './support/telemetry';

interface Batch {
  session: string;
  events: { type: string; route: string; remote: string | null; remoteVersion: string | null }[];
}

test('a signed-in session’s events go to the collector when the page is hidden', async ({
  page,
}) => {
  const bodies = await recordTelemetry(page);
  // Through the form: the sign-in page is one of the session's routes (the shell's own).
  await signInThroughForm(page, 'owner@hostdash.test');
  await expectHeading(page, 'Risks');
  await navigateInApp(page, '/listings');
  await expectHeading(page, 'Listings');

  await hidePageAndSend(page);
  const batch = JSON.parse(bodies.at(-1)!) as Batch;
  const changes = batch.events.filter((event) => event.type === 'route_change');
  expect(changes.map((event) => [event.route, event.remote])).toEqual(
    expect.arrayContaining([
      ['/', 'reservations'],
      ['/listings', 'listings'],
    ]),
  );
  // A remote's page names its version; the shell's own (the sign-in page) names no remote.
  expect(changes.filter((event) => event.remote && !event.remoteVersion)).toEqual([]);
  expect(changes).toContainEqual(expect.objectContaining({ route: '/login', remote: null }));
  expect(JSON.stringify(batch)).not.toMatch(/owner@hostdash\.test|Olivia/);
});
