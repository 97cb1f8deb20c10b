import { Language, Translated } from './language';
import { composeEmail, expiringLinkEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail, securityNoticeEmail } from './layout';

export interface ConfirmEmailChangeParams {
  firstName: string;
  newEmail: string;
  confirmationUrl: string;
  issuedAt: string;
  expiresAt: string;
}

/** To the address still in use: a change away from it was asked for. */
export interface EmailChangeRequestedParams {
  firstName: string;
  newEmail: string;
  requestedAt: string;
  resetPasswordUrl: string;
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
  requestedSubject: string;
  requested: (newEmail: string, when: string | null) => string;
  wasYou: string;
  wasNotYou: string;
  resetPassword: string;
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
    requestedSubject: 'A change of your email address was requested',
    requested: (newEmail, when) =>
      `Someone asked to change the email address of your ${PRODUCT_NAME} account to ${newEmail}${when ? ` on ${when}` : ''}. The change takes effect only once it is confirmed from that address.`,
    wasYou: 'If this was you, there is nothing else to do.',
    wasNotYou: 'If it was not you, reset your password now: someone may know it. Then contact our support team.',
    resetPassword: 'Reset your password',
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
    requestedSubject: 'Se ha solicitado cambiar su dirección de correo electrónico',
    requested: (newEmail, when) =>
      `Alguien ha solicitado cambiar la dirección de correo electrónico de su cuenta de ${PRODUCT_NAME} a ${newEmail}${when ? ` el ${when}` : ''}. El cambio solo se aplica cuando se confirma desde esa dirección.`,
    wasYou: 'Si fue usted, no tiene que hacer nada más.',
    wasNotYou: 'Si no fue usted, restablezca su contraseña ahora: alguien podría conocerla. Después, póngase en contacto con nuestro equipo de soporte.',
    resetPassword: 'Restablecer la contraseña',
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
    requestedSubject: 'Une modification de votre adresse e-mail a été demandée',
    requested: (newEmail, when) =>
      `Quelqu’un a demandé à remplacer l’adresse e-mail de votre compte ${PRODUCT_NAME} par ${newEmail}${when ? ` le ${when}` : ''}. La modification ne prend effet qu’une fois confirmée depuis cette adresse.`,
    wasYou: 'Si c’était vous, vous n’avez rien d’autre à faire.',
    wasNotYou: 'Sinon, réinitialisez votre mot de passe dès maintenant : quelqu’un pourrait le connaître. Contactez ensuite notre équipe de support.',
    resetPassword: 'Réinitialiser le mot de passe',
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
    requestedSubject: 'Eine Änderung Ihrer E-Mail-Adresse wurde angefordert',
    requested: (newEmail, when) =>
      `Jemand hat angefordert, die E-Mail-Adresse Ihres Kontos bei ${PRODUCT_NAME}${when ? ` am ${when}` : ''} in ${newEmail} zu ändern. Die Änderung wird erst wirksam, wenn sie von dieser Adresse aus bestätigt wird.`,
    wasYou: 'Wenn Sie das waren, ist nichts weiter zu tun.',
    wasNotYou: 'Falls nicht, setzen Sie jetzt Ihr Passwort zurück: Jemand könnte es kennen. Wenden Sie sich danach an unser Support-Team.',
    resetPassword: 'Passwort zurücksetzen',
  },
};

/** Sent to the new address: the change applies only once this link is opened. */
export function confirmEmailChangeTemplate(params: ConfirmEmailChangeParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return expiringLinkEmail(
    { subject: words.confirmSubject, reason: words.askedFor(params.newEmail), action: words.confirm, afterValidity: words.untilConfirmed, closing: words.notYou },
    { firstName: params.firstName, url: params.confirmationUrl, issuedAt: params.issuedAt, expiresAt: params.expiresAt },
    language,
  );
}

/** Sent to the previous address: a security notice, always sent. */
export function emailChangedTemplate(params: EmailChangedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(words.changedSubject, [greeting(params.firstName, language), words.changed(params.newEmail, formatUtc(params.changedAt, language)), words.ifYou], language);
}

/**
 * Sent to the address still in use when a change away from it is asked for: the change
 * needs the current password, so a request the owner did not make means the password is known.
 */
export function emailChangeRequestedTemplate(params: EmailChangeRequestedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return securityNoticeEmail(
    { subject: words.requestedSubject, happened: words.requested(params.newEmail, formatUtc(params.requestedAt, language)), ifYou: words.wasYou, ifNot: words.wasNotYou, reset: words.resetPassword },
    params,
    language,
  );
}
