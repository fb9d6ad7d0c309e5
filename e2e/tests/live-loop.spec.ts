// The loop from `npm start` (issue 31), on servers of this journey's own: the demo data, the
// sandbox connected for the demo owner at start (PMS_SANDBOX_DEMO) and its clock 600 times fast, so
// a booking is made or changed every 2 seconds and sent to the API as Hostaway's webhook. Without a
// click from anyone, the owner's Risks list gets a new stay, and a red one tells them by mail (a
// file in MAIL_DIR) and in the bell.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { E2E_PORT_OFFSET } from './support/env';
import {
  OwnServers,
  ownPlatformEnvironment,
  signInThrough,
  startOwnPlatform,
} from './support/ownServers';
import { expectHeading, signIn } from './support/session';

test.describe.configure({ mode: 'serial' });

const offset = E2E_PORT_OFFSET;
const PORTS = { shell: 3130 + offset, origin: 3131 + offset, api: 4130 + offset };
const shellUrl = `http://127.0.0.1:${PORTS.shell}`;
const OWNER = 'owner@hostdash.test';

let workDir = '';
let environment: NodeJS.ProcessEnv = {};
const own = new OwnServers(() => environment);

test.use({ baseURL: shellUrl });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  workDir = mkdtempSync(path.join(os.tmpdir(), 'hostdash-loop-'));
  environment = {
    ...ownPlatformEnvironment(workDir, PORTS),
    PMS_SANDBOX: 'on',
    PMS_SANDBOX_DEMO: 'on',
    PMS_SANDBOX_SPEED: '600',
  };
  // npm start's own: the demo data, the sandbox.
  delete environment.NODE_ENV;
  await startOwnPlatform(own, environment, 180_000);
});

test.afterAll(async () => {
  await own.stopAll();
  if (workDir) rmSync(workDir, { recursive: true, force: true });
});

/** The mails in MAIL_DIR whose file name and subject match, as text. */
function mails(fileName: (name: string) => boolean, subject: RegExp): string[] {
  const dir = path.join(workDir, 'mail');
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((name) => name.endsWith('.eml') && fileName(name));
  } catch {
    return []; // the API creates the folder with its first mail
  }
  return names
    .map((name) => readFileSync(path.join(dir, name), 'utf8'))
    .filter((mail) => subject.test(mail));
}

/** The owner's `stay_alert` mails that say a stay screens red. */
const redAlertMails = () =>
  mails((name) => name.endsWith(`-${OWNER}.eml`), /^Subject: .* screens red$/m);

test('sandbox bookings reach the owner by themselves, a red one tells them, guests get their link', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page, OWNER, { next: '/risks' });
  await expectHeading(page, /Risks/);
  // Nobody presses Sync: the sandbox's webhooks bring the stays, and a red one is mailed.
  await expect.poll(() => redAlertMails().length, { timeout: 120_000 }).toBeGreaterThan(0);
  const mail = redAlertMails()[0]!;
  const subject = /^Subject: (.*)$/m.exec(mail)![1]!;
  const link = /https?:\/\/\S+\/reservation\/(\d+)/.exec(mail);
  expect(link, 'the mail links the stay').toBeTruthy();

  // The bell has it too.
  const { cookie } = await signInThrough(shellUrl, OWNER);
  const bell = (await (
    await fetch(`${shellUrl}/api/user/notifications/load?limit=50`, { headers: { cookie } })
  ).json()) as { items: Array<{ title: string; link: string }> };
  expect(bell.items.map((item) => item.title)).toContain(subject);

  // The Risks list's own call finds it among the red stays, and the mail's link opens it.
  const risks = (await (
    await fetch(`${shellUrl}/api/reservation/search?colour=red&size=100&from=0`, {
      headers: { cookie },
    })
  ).json()) as { items: Array<{ id: string }> };
  expect(risks.items.map((item) => item.id)).toContain(link![1]);
  await page.goto(`/reservation/${link![1]}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // The sandbox's guests get their check-in link by mail, a link to the guest page.
  const invites = () =>
    mails(
      (name) => !name.includes('@hostdash.test'),
      /^Subject: Your stay at .*: check in online/m,
    );
  await expect.poll(() => invites().length, { timeout: 120_000 }).toBeGreaterThan(0);
  expect(invites()[0]).toMatch(/https?:\/\/\S+\/guest\/\S+/);
});
