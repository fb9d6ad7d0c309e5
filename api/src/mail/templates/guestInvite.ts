// The guest's mails (issue 31): the invite to check in online before the stay, and the one
// reminder the day before when the check-in is not finished. Written to the guest, in their words
// and their language (issue 34: the one they chose on their page, else their listing's
// `guest_language`): the listing, the dates in words, the host's name, one button to the check-in
// page; signed by the host. HTML with a plain-text part, through the one mail layout.
import type { GuestLanguage } from '../../i18n/guestLanguages';
import { layoutMail } from '../layout';
import type { MailContent } from '../outbox';

export interface GuestStayWords {
  /** The guest's first name, if known ("Hello Ana,"). */
  guestFirstName: string | null;
  listingName: string;
  city: string | null;
  /** YYYY-MM-DD, the listing's days. */
  checkIn: string;
  checkOut: string;
  /** HH:MM, the listing's clock. */
  checkInTime: string;
  checkOutTime: string;
  /** Who the guest booked with: the account's name, as the guest's page says it. */
  hostName: string;
  /** The guest's check-in link. */
  url: string;
  /** The mail's language (English when not given). */
  language?: GuestLanguage;
}

/** The locale each language's dates are written in. */
const LOCALES: Record<GuestLanguage, string> = {
  en: 'en-GB',
  es: 'es-ES',
  fr: 'fr-FR',
  de: 'de-DE',
  pt: 'pt-PT',
  it: 'it-IT',
};

/** "Friday 12 June 2026": a calendar day in words, whatever the server's time zone. */
export function dayInWords(day: string, language: GuestLanguage = 'en'): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${day}T00:00:00Z`));
}

/** A stay's words with its days already written in the mail's language. */
type Stay = GuestStayWords & { inDay: string; outDay: string };

interface GuestMailWords {
  hello(name: string | null): string;
  where(stay: Stay): string;
  dates(stay: Stay): string;
  action: string;
  linkIsYours(stay: Stay): string;
  footer(stay: Stay): string;
  linkFallback: string;
  invite: { subject(stay: Stay): string; lookingForward(stay: Stay): string; please: string };
  reminder: {
    subject(stay: Stay): string;
    starts(stay: Stay): string;
    notDone(stay: Stay): string;
  };
}

const WORDS: Record<GuestLanguage, GuestMailWords> = {
  en: {
    hello: (name) => (name ? `Hello ${name},` : 'Hello,'),
    where: (s) => (s.city ? `${s.listingName} in ${s.city}` : s.listingName),
    dates: (s) =>
      `Check-in: ${s.inDay}, from ${s.checkInTime}. Check-out: ${s.outDay}, by ${s.checkOutTime}.`,
    action: 'Check in online',
    linkIsYours: (s) =>
      `This link is yours alone: please do not forward it. It works until the end of your check-out day. If it stops working, ask ${s.hostName} for a new one.`,
    footer: (s) =>
      `You receive this mail because you booked a stay at ${s.listingName} with ${s.hostName}, who checks their guests in online with Hostdash.`,
    linkFallback: 'If the button does not work, open this link:',
    invite: {
      subject: (s) => `Your stay at ${s.listingName}: check in online before you arrive`,
      lookingForward: (s) =>
        `${s.hostName} is looking forward to welcoming you at ${WORDS.en.where(s)}.`,
      please:
        'Before you arrive, please check in online: it takes a few minutes on your phone, and your host has everything ready for you when you come.',
    },
    reminder: {
      subject: (s) => `Reminder: please check in online for your stay at ${s.listingName}`,
      starts: (s) =>
        `Your stay at ${WORDS.en.where(s)} starts on ${s.inDay}, from ${s.checkInTime}.`,
      notDone: (s) =>
        `Your online check-in is not finished yet. ${s.hostName} needs it before you arrive: it takes a few minutes on your phone, and what you already did is saved.`,
    },
  },
  es: {
    hello: (name) => (name ? `Hola, ${name}:` : 'Hola:'),
    where: (s) => (s.city ? `${s.listingName}, en ${s.city}` : s.listingName),
    dates: (s) =>
      `Llegada: ${s.inDay}, a partir de las ${s.checkInTime}. Salida: ${s.outDay}, antes de las ${s.checkOutTime}.`,
    action: 'Hacer el check-in online',
    linkIsYours: (s) =>
      `Este enlace es solo para ti: no lo reenvíes. Funciona hasta el final del día de salida. Si deja de funcionar, pide uno nuevo a ${s.hostName}.`,
    footer: (s) =>
      `Recibes este correo porque reservaste una estancia en ${s.listingName} con ${s.hostName}, que hace el check-in de sus huéspedes online con Hostdash.`,
    linkFallback: 'Si el botón no funciona, abre este enlace:',
    invite: {
      subject: (s) => `Tu estancia en ${s.listingName}: haz el check-in online antes de llegar`,
      lookingForward: (s) => `${s.hostName} te espera con ilusión en ${WORDS.es.where(s)}.`,
      please:
        'Antes de llegar, haz el check-in online: son unos minutos en el móvil y tu anfitrión lo tendrá todo listo cuando llegues.',
    },
    reminder: {
      subject: (s) => `Recordatorio: haz el check-in online para tu estancia en ${s.listingName}`,
      starts: (s) =>
        `Tu estancia en ${WORDS.es.where(s)} empieza el ${s.inDay}, a partir de las ${s.checkInTime}.`,
      notDone: (s) =>
        `Tu check-in online aún no está terminado. ${s.hostName} lo necesita antes de que llegues: son unos minutos en el móvil, y lo que ya hiciste está guardado.`,
    },
  },
  fr: {
    hello: (name) => (name ? `Bonjour ${name},` : 'Bonjour,'),
    where: (s) => (s.city ? `${s.listingName} à ${s.city}` : s.listingName),
    dates: (s) =>
      `Arrivée : ${s.inDay}, à partir de ${s.checkInTime}. Départ : ${s.outDay}, avant ${s.checkOutTime}.`,
    action: 'Faire l’enregistrement en ligne',
    linkIsYours: (s) =>
      `Ce lien est strictement personnel : merci de ne pas le transférer. Il fonctionne jusqu’à la fin de votre jour de départ. S’il ne fonctionne plus, demandez-en un nouveau à ${s.hostName}.`,
    footer: (s) =>
      `Vous recevez ce message car vous avez réservé un séjour à ${s.listingName} auprès de ${s.hostName}, qui enregistre ses voyageurs en ligne avec Hostdash.`,
    linkFallback: 'Si le bouton ne fonctionne pas, ouvrez ce lien :',
    invite: {
      subject: (s) => `Votre séjour à ${s.listingName} : enregistrez-vous en ligne avant d’arriver`,
      lookingForward: (s) => `${s.hostName} a hâte de vous accueillir à ${WORDS.fr.where(s)}.`,
      please:
        'Avant votre arrivée, merci de vous enregistrer en ligne : cela prend quelques minutes sur votre téléphone, et votre hôte aura tout préparé pour vous.',
    },
    reminder: {
      subject: (s) => `Rappel : enregistrez-vous en ligne pour votre séjour à ${s.listingName}`,
      starts: (s) =>
        `Votre séjour à ${WORDS.fr.where(s)} commence le ${s.inDay}, à partir de ${s.checkInTime}.`,
      notDone: (s) =>
        `Votre enregistrement en ligne n’est pas encore terminé. ${s.hostName} en a besoin avant votre arrivée : cela prend quelques minutes sur votre téléphone, et ce que vous avez déjà fait est enregistré.`,
    },
  },
  de: {
    hello: (name) => (name ? `Hallo ${name},` : 'Hallo,'),
    where: (s) => (s.city ? `${s.listingName} in ${s.city}` : s.listingName),
    dates: (s) =>
      `Anreise: ${s.inDay}, ab ${s.checkInTime} Uhr. Abreise: ${s.outDay}, bis ${s.checkOutTime} Uhr.`,
    action: 'Online einchecken',
    linkIsYours: (s) =>
      `Dieser Link gilt nur für Sie: Bitte leiten Sie ihn nicht weiter. Er funktioniert bis zum Ende Ihres Abreisetags. Funktioniert er nicht mehr, bitten Sie ${s.hostName} um einen neuen.`,
    footer: (s) =>
      `Sie erhalten diese E-Mail, weil Sie einen Aufenthalt in ${s.listingName} bei ${s.hostName} gebucht haben, der seine Gäste mit Hostdash online eincheckt.`,
    linkFallback: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diesen Link:',
    invite: {
      subject: (s) => `Ihr Aufenthalt in ${s.listingName}: Bitte vor der Anreise online einchecken`,
      lookingForward: (s) => `${s.hostName} freut sich, Sie in ${WORDS.de.where(s)} zu begrüßen.`,
      please:
        'Bitte checken Sie vor Ihrer Anreise online ein: Das dauert auf dem Handy nur wenige Minuten, und Ihr Gastgeber hat bei Ihrer Ankunft alles für Sie bereit.',
    },
    reminder: {
      subject: (s) =>
        `Erinnerung: Bitte checken Sie für Ihren Aufenthalt in ${s.listingName} online ein`,
      starts: (s) =>
        `Ihr Aufenthalt in ${WORDS.de.where(s)} beginnt am ${s.inDay}, ab ${s.checkInTime} Uhr.`,
      notDone: (s) =>
        `Ihr Online-Check-in ist noch nicht abgeschlossen. ${s.hostName} braucht ihn vor Ihrer Anreise: Das dauert nur wenige Minuten, und was Sie schon ausgefüllt haben, ist gespeichert.`,
    },
  },
  pt: {
    hello: (name) => (name ? `Olá ${name},` : 'Olá,'),
    where: (s) => (s.city ? `${s.listingName}, em ${s.city}` : s.listingName),
    dates: (s) =>
      `Check-in: ${s.inDay}, a partir das ${s.checkInTime}. Check-out: ${s.outDay}, até às ${s.checkOutTime}.`,
    action: 'Fazer o check-in online',
    linkIsYours: (s) =>
      `Esta ligação é só sua: não a reencaminhe. Funciona até ao fim do dia do check-out. Se deixar de funcionar, peça uma nova a ${s.hostName}.`,
    footer: (s) =>
      `Recebe este e-mail porque reservou uma estadia em ${s.listingName} com ${s.hostName}, que faz o check-in dos hóspedes online com o Hostdash.`,
    linkFallback: 'Se o botão não funcionar, abra esta ligação:',
    invite: {
      subject: (s) => `A sua estadia em ${s.listingName}: faça o check-in online antes de chegar`,
      lookingForward: (s) => `${s.hostName} aguarda a sua chegada a ${WORDS.pt.where(s)}.`,
      please:
        'Antes de chegar, faça o check-in online: demora poucos minutos no telemóvel, e o seu anfitrião terá tudo pronto quando chegar.',
    },
    reminder: {
      subject: (s) => `Lembrete: faça o check-in online da sua estadia em ${s.listingName}`,
      starts: (s) =>
        `A sua estadia em ${WORDS.pt.where(s)} começa a ${s.inDay}, a partir das ${s.checkInTime}.`,
      notDone: (s) =>
        `O seu check-in online ainda não está concluído. ${s.hostName} precisa dele antes da sua chegada: demora poucos minutos, e o que já fez está guardado.`,
    },
  },
  it: {
    hello: (name) => (name ? `Ciao ${name},` : 'Ciao,'),
    where: (s) => (s.city ? `${s.listingName} a ${s.city}` : s.listingName),
    dates: (s) =>
      `Check-in: ${s.inDay}, dalle ${s.checkInTime}. Check-out: ${s.outDay}, entro le ${s.checkOutTime}.`,
    action: 'Fai il check-in online',
    linkIsYours: (s) =>
      `Questo link è solo tuo: non inoltrarlo. Funziona fino alla fine del giorno del check-out. Se smette di funzionare, chiedine uno nuovo a ${s.hostName}.`,
    footer: (s) =>
      `Ricevi questa email perché hai prenotato un soggiorno a ${s.listingName} con ${s.hostName}, che registra i suoi ospiti online con Hostdash.`,
    linkFallback: 'Se il pulsante non funziona, apri questo link:',
    invite: {
      subject: (s) =>
        `Il tuo soggiorno a ${s.listingName}: fai il check-in online prima di arrivare`,
      lookingForward: (s) => `${s.hostName} non vede l’ora di accoglierti a ${WORDS.it.where(s)}.`,
      please:
        'Prima di arrivare, fai il check-in online: bastano pochi minuti dal telefono, e il tuo host avrà tutto pronto al tuo arrivo.',
    },
    reminder: {
      subject: (s) => `Promemoria: fai il check-in online per il tuo soggiorno a ${s.listingName}`,
      starts: (s) =>
        `Il tuo soggiorno a ${WORDS.it.where(s)} inizia ${s.inDay}, dalle ${s.checkInTime}.`,
      notDone: (s) =>
        `Il tuo check-in online non è ancora completo. ${s.hostName} ne ha bisogno prima del tuo arrivo: bastano pochi minuti, e ciò che hai già fatto è salvato.`,
    },
  },
};

function guestMail(
  stay: GuestStayWords,
  parts: (words: GuestMailWords, s: Stay) => { subject: string; paragraphs: string[] },
): MailContent {
  const language = stay.language ?? 'en';
  const words = WORDS[language];
  const s: Stay = {
    ...stay,
    inDay: dayInWords(stay.checkIn, language),
    outDay: dayInWords(stay.checkOut, language),
  };
  return layoutMail({
    ...parts(words, s),
    greeting: words.hello(stay.guestFirstName),
    action: { label: words.action, url: stay.url },
    after: [words.linkIsYours(s)],
    footer: words.footer(s),
    signature: stay.hostName,
    language,
    linkFallback: words.linkFallback,
  });
}

/** The invite: mailed some days before check-in (or at once for a late booking), or by the host. */
export const guestInviteMail = (stay: GuestStayWords): MailContent =>
  guestMail(stay, (words, s) => ({
    subject: words.invite.subject(s),
    paragraphs: [words.invite.lookingForward(s), words.dates(s), words.invite.please],
  }));

/** The reminder: once, 24 hours before check-in, while the online check-in is not finished. */
export const guestReminderMail = (stay: GuestStayWords): MailContent =>
  guestMail(stay, (words, s) => ({
    subject: words.reminder.subject(s),
    paragraphs: [words.reminder.starts(s), words.reminder.notDone(s)],
  }));
