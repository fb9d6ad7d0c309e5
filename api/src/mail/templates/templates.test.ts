// Every mail the product sends, as its template makes it: the subject, the link written out whole
// in the text part (where a person, or a test, reads it), one button to it in the HTML part, and
// every name escaped in the HTML (a name is typed by a person, and may hold markup).
import { escapeHtml } from '../layout';
import type { MailContent } from '../outbox';
import { emailChangedMail, passwordChangedMail, passwordResetMail } from './accountMails';
import { importFinishedMail, stayTurnedRedMail } from './hostNotices';
import { selfSignupMail, signupExistingMail, signupLinkMail } from './signupMails';
import { teamInviteMail } from './teamInviteMail';

const SHELL = 'https://dash.example.test';
/** A name a person could type: markup, an ampersand, quotes. */
const NAME = `Ana <b>"Bo"</b> & O'Neil`;
const ESCAPED = 'Ana &lt;b&gt;&quot;Bo&quot;&lt;/b&gt; &amp; O&#39;Neil';
const AT = new Date('2026-11-25T11:58:00Z');

/** The one button of the HTML part: its label and where it goes. */
function buttonOf(html: string): { label: string; href: string } | null {
  const match = /<a href="([^"]+)" style="display:inline-block[^"]*">([^<]+)<\/a>/.exec(html);
  return match ? { href: match[1]!.replace(/&amp;/g, '&'), label: match[2]! } : null;
}

function expectWellMade(mail: MailContent, link: string | null): void {
  // The raw name never reaches the HTML: only its escaped form.
  expect(mail.html).not.toContain('<b>');
  expect(mail.html).not.toContain(NAME);
  if (link) {
    expect(mail.text).toContain(`${link}\n`);
    expect(buttonOf(mail.html)?.href).toBe(link);
  } else {
    expect(buttonOf(mail.html)).toBeNull();
  }
  expect(mail.html).toContain(`<title>${escapeHtml(mail.subject)}</title>`);
}

describe('the account mails', () => {
  it('a password reset: its one-hour link, as a button', () => {
    const link = `${SHELL}/account/reset/tok_123-abc`;
    const mail = passwordResetMail({ name: NAME, link });
    expect(mail.subject).toBe('Reset your Hostdash password');
    expect(mail.text).toMatch(/^Hello Ana <b>"Bo"<\/b> & O'Neil,\n/);
    expect(mail.text).toContain('Open this link within one hour to choose a new password');
    expect(mail.html).toContain(`Hello ${ESCAPED},`);
    expect(buttonOf(mail.html)?.label).toBe('Choose a new password');
    expectWellMade(mail, link);
  });

  it('a password change: when, and the reset page if it was not them', () => {
    const mail = passwordChangedMail({ name: NAME, changedAt: AT, shellOrigin: SHELL });
    expect(mail.subject).toBe('Your Hostdash password was changed');
    expect(mail.text).toContain('changed on 25 Nov 2026, 11:58 UTC. Every other session');
    expect(mail.html).toContain(ESCAPED);
    expectWellMade(mail, `${SHELL}/account/reset`);
  });

  it('an email change: to the old address, naming the new one', () => {
    const mail = emailChangedMail({
      name: NAME,
      newEmail: 'new<x>@example.test',
      changedAt: AT,
      shellOrigin: SHELL,
    });
    expect(mail.subject).toBe('The email of your Hostdash account was changed');
    expect(mail.text).toContain('was changed to new<x>@example.test.');
    expect(mail.html).toContain('new&lt;x&gt;@example.test');
    expectWellMade(mail, `${SHELL}/account/reset`);
  });
});

describe('the team invite', () => {
  it('names who invites, to which account, and a vendor’s buildings', () => {
    const link = `${SHELL}/accept-invite/tok_456`;
    const mail = teamInviteMail({
      name: NAME,
      subtype: 'vendor',
      accountName: 'Casa <Serena>',
      invitedBy: 'Olivia Hart',
      buildings: ['Marina Lofts', 'Chiado & Co'],
      link,
    });
    expect(mail.subject).toBe('Olivia Hart invited you to Casa <Serena> on Hostdash');
    expect(mail.text).toContain('as building staff for Marina Lofts, Chiado & Co.');
    expect(mail.html).toContain('Casa &lt;Serena&gt;');
    expect(mail.html).toContain('Marina Lofts, Chiado &amp; Co');
    expect(buttonOf(mail.html)?.label).toBe('Accept the invite');
    expectWellMade(mail, link);
  });

  it('invites a manager to the listings and reservations', () => {
    const mail = teamInviteMail({
      name: 'Max',
      subtype: 'manager',
      accountName: 'Casa Serena',
      invitedBy: 'Olivia Hart',
      buildings: [],
      link: `${SHELL}/accept-invite/t`,
    });
    expect(mail.text).toContain('as a manager of its listings and reservations.');
  });
});

describe('the sign-up mails', () => {
  it('a staff-made sign-up link', () => {
    const link = `${SHELL}/connect/hostaway?token=tok_789`;
    const mail = signupLinkMail({
      name: NAME,
      company: 'Costa & Filhos',
      pmsLabel: 'Hostaway',
      invitedBy: 'Sam Staff',
      link,
    });
    expect(mail.subject).toBe('Your Hostdash account for Costa & Filhos');
    expect(mail.html).toContain('<title>Your Hostdash account for Costa &amp; Filhos</title>');
    expect(mail.text).toContain('The link works once, for 14 days.');
    expect(buttonOf(mail.html)?.label).toBe('Choose a password and connect Hostaway');
    expectWellMade(mail, link);
  });

  it('an open sign-up’s link, with nothing the visitor typed', () => {
    const link = `${SHELL}/connect/guesty?token=tok_000`;
    const mail = selfSignupMail({ pmsLabel: 'Guesty', link });
    expect(mail.subject).toBe('Confirm your email to create your Hostdash account');
    expect(mail.text).toMatch(/^Hello,\n/);
    expect(buttonOf(mail.html)?.label).toBe('Confirm your email');
    expectWellMade(mail, link);
  });

  it('an address that has an account: how to sign in, or why it cannot', () => {
    const active = signupExistingMail({ name: NAME, active: true, shellOrigin: SHELL });
    expect(active.subject).toBe('Someone tried to sign up to Hostdash with your email');
    expect(active.text).toContain(
      `Forgot your password? Choose a new one: ${SHELL}/account/reset\n`,
    );
    expect(buttonOf(active.html)?.label).toBe('Sign in');
    expectWellMade(active, `${SHELL}/login`);

    const deactivated = signupExistingMail({ name: NAME, active: false, shellOrigin: SHELL });
    expect(deactivated.text).toContain('Your account has been deactivated');
    expect(deactivated.text).not.toContain('/account/reset');
    expectWellMade(deactivated, null);
  });
});

describe('the host notices', () => {
  it('an import finished: what came in, the red stays, a button to the Risks page', () => {
    const mail = importFinishedMail({
      name: NAME,
      pmsLabel: 'Hostaway',
      counts: { listings: 1, reservations: 6 },
      redStays: 2,
      shellOrigin: SHELL,
    });
    expect(mail.subject).toBe('Your Hostaway import finished');
    expect(mail.text).toContain('Your Hostaway import finished: 1 listing, 6 reservations.');
    expect(mail.text).toContain('2 upcoming stays are high risk: see them on the Risks page.');
    expect(mail.text).toContain('"Mail me when an import finishes" is on in your settings');
    expect(buttonOf(mail.html)?.label).toBe('See the risks');
    expectWellMade(mail, `${SHELL}/risks`);

    const calm = importFinishedMail({
      name: 'Olivia',
      pmsLabel: 'Guesty',
      counts: { listings: 3, reservations: 1 },
      redStays: 0,
      shellOrigin: null,
    });
    expect(calm.text).toContain('None of the upcoming stays is high risk.');
    expect(buttonOf(calm.html)).toBeNull();
  });

  it('a stay turned red: the guest’s first name, the listing, a button to the stay', () => {
    const link = `${SHELL}/reservation/42`;
    const mail = stayTurnedRedMail({
      name: NAME,
      guestFirstName: 'Zoë<script>',
      listingNickname: 'Casa "Azul"',
      reservationUrl: link,
    });
    expect(mail.subject).toBe('A stay at Casa "Azul" turned red');
    expect(mail.text).toContain(`Zoë<script>'s stay at Casa "Azul" now screens red`);
    expect(mail.html).toContain('Zoë&lt;script&gt;&#39;s stay at Casa &quot;Azul&quot;');
    expect(mail.html).not.toContain('<script>');
    expect(buttonOf(mail.html)?.label).toBe('Open the reservation');
    expectWellMade(mail, link);
    expect(
      stayTurnedRedMail({
        name: 'Olivia',
        guestFirstName: '',
        listingNickname: 'Casa Azul',
        reservationUrl: link,
      }).text,
    ).toContain("A guest's stay at Casa Azul now screens red");
  });
});
