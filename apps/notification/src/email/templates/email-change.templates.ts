import { Language, Translated } from './language';
import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ConfirmEmailChangeParams {
  firstName: string;
  newEmail: string;
  confirmationUrl: string;
  issuedAt: string;
  expiresAt: string;
}

export interface EmailChangedParams {
  firstName: string;
  newEmail: string;
  changedAt: string;
}

const WORDS: Translated<{
  confirmSubject: string;
  askedFor: (newEmail: string) => string;
  confirm: string;
  untilConfirmed: string;
  notYou: string;
  changedSubject: string;
  changed: (newEmail: string, when: string | null) => string;
  ifYou: string;
}> = {
  en: {
    confirmSubject: 'Confirm your new email address',
    askedFor: (newEmail) => `You asked to use ${newEmail} for your ${PRODUCT_NAME} account. Please confirm that this address is yours.`,
    confirm: 'Confirm new email address',
    untilConfirmed: 'Until you confirm, your current email address stays in use.',
    notYou: 'If you did not ask for this, you can ignore this email.',
    changedSubject: 'Your email address was changed',
    changed: (newEmail, when) => `The email address of your ${PRODUCT_NAME} account was changed to ${newEmail}${when ? ` on ${when}` : ''}.`,
    ifYou: 'If you made this change, there is nothing else to do. If you did not, contact our support team at once so we can secure your account.',
  },
  es: {
    confirmSubject: 'Confirme su nueva dirección de correo electrónico',
    askedFor: (newEmail) => `Ha solicitado usar ${newEmail} para su cuenta de ${PRODUCT_NAME}. Confirme que esta dirección es suya.`,
    confirm: 'Confirmar la nueva dirección',
    untilConfirmed: 'Hasta que la confirme, se seguirá usando su dirección de correo actual.',
    notYou: 'Si usted no lo ha solicitado, puede ignorar este correo.',
    changedSubject: 'Se ha cambiado su dirección de correo electrónico',
    changed: (newEmail, when) => `La dirección de correo electrónico de su cuenta de ${PRODUCT_NAME} se cambió a ${newEmail}${when ? ` el ${when}` : ''}.`,
    ifYou: 'Si ha hecho usted este cambio, no tiene que hacer nada más. Si no, póngase en contacto de inmediato con nuestro equipo de soporte para que podamos proteger su cuenta.',
  },
  fr: {
    confirmSubject: 'Confirmez votre nouvelle adresse e-mail',
    askedFor: (newEmail) => `Vous avez demandé à utiliser ${newEmail} pour votre compte ${PRODUCT_NAME}. Veuillez confirmer que cette adresse est bien la vôtre.`,
    confirm: 'Confirmer la nouvelle adresse e-mail',
    untilConfirmed: 'Tant que vous n’avez pas confirmé, votre adresse e-mail actuelle reste utilisée.',
    notYou: 'Si vous n’en avez pas fait la demande, vous pouvez ignorer cet e-mail.',
    changedSubject: 'Votre adresse e-mail a été modifiée',
    changed: (newEmail, when) => `L’adresse e-mail de votre compte ${PRODUCT_NAME} a été remplacée par ${newEmail}${when ? ` le ${when}` : ''}.`,
    ifYou: 'Si vous êtes à l’origine de cette modification, vous n’avez rien d’autre à faire. Sinon, contactez immédiatement notre équipe de support afin que nous puissions sécuriser votre compte.',
  },
  de: {
    confirmSubject: 'Bestätigen Sie Ihre neue E-Mail-Adresse',
    askedFor: (newEmail) => `Sie möchten ${newEmail} für Ihr Konto bei ${PRODUCT_NAME} verwenden. Bitte bestätigen Sie, dass diese Adresse Ihnen gehört.`,
    confirm: 'Neue E-Mail-Adresse bestätigen',
    untilConfirmed: 'Bis zu Ihrer Bestätigung bleibt Ihre bisherige E-Mail-Adresse in Gebrauch.',
    notYou: 'Wenn Sie dies nicht angefordert haben, können Sie diese E-Mail ignorieren.',
    changedSubject: 'Ihre E-Mail-Adresse wurde geändert',
    changed: (newEmail, when) => `Die E-Mail-Adresse Ihres Kontos bei ${PRODUCT_NAME} wurde${when ? ` am ${when}` : ''} in ${newEmail} geändert.`,
    ifYou: 'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun. Falls nicht, wenden Sie sich sofort an unser Support-Team, damit wir Ihr Konto schützen können.',
  },
};

/** Sent to the new address: the change applies only once this link is opened. */
export function confirmEmailChangeTemplate(params: ConfirmEmailChangeParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.confirmSubject,
    [
      greeting(params.firstName, language),
      words.askedFor(params.newEmail),
      { action: { label: words.confirm, url: params.confirmationUrl } },
      `${validitySentence(params.issuedAt, params.expiresAt, language)} ${words.untilConfirmed}`,
      words.notYou,
    ],
    language,
  );
}

/** Sent to the previous address: a security notice, always sent. */
export function emailChangedTemplate(params: EmailChangedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(words.changedSubject, [greeting(params.firstName, language), words.changed(params.newEmail, formatUtc(params.changedAt, language)), words.ifYou], language);
}
