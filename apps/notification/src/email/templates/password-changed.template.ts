import { Language, Translated } from './language';
import { formatUtc, PRODUCT_NAME, RenderedEmail, securityNoticeEmail } from './layout';

export interface PasswordChangedParams {
  firstName: string;
  /** How it was changed: with a reset link, or from the account's settings. */
  via: 'reset' | 'change';
  changedAt: string;
  /** Where the user starts a reset if the change was not theirs. */
  resetPasswordUrl: string;
}

const WORDS: Translated<{ subject: string; changed: (via: PasswordChangedParams['via'], when: string | null) => string; ifYou: string; ifNot: string; reset: string }> = {
  en: {
    subject: 'Your password was changed',
    changed: (via, when) => `The password of your ${PRODUCT_NAME} account ${via === 'reset' ? 'was reset with a password reset link' : 'was changed'}${when ? ` on ${when}` : ''}.`,
    ifYou: 'If you made this change, there is nothing else to do.',
    ifNot: 'If you did not, reset your password now and contact our support team so we can secure your account.',
    reset: 'Reset password',
  },
  es: {
    subject: 'Se ha cambiado su contraseña',
    changed: (via, when) =>
      `La contraseña de su cuenta de ${PRODUCT_NAME} ${via === 'reset' ? 'se restableció con un enlace de restablecimiento de contraseña' : 'se cambió'}${when ? ` el ${when}` : ''}.`,
    ifYou: 'Si ha hecho usted este cambio, no tiene que hacer nada más.',
    ifNot: 'Si no, restablezca su contraseña ahora y póngase en contacto con nuestro equipo de soporte para que podamos proteger su cuenta.',
    reset: 'Restablecer contraseña',
  },
  fr: {
    subject: 'Votre mot de passe a été modifié',
    changed: (via, when) =>
      `Le mot de passe de votre compte ${PRODUCT_NAME} ${via === 'reset' ? 'a été réinitialisé à l’aide d’un lien de réinitialisation' : 'a été modifié'}${when ? ` le ${when}` : ''}.`,
    ifYou: 'Si vous êtes à l’origine de cette modification, vous n’avez rien d’autre à faire.',
    ifNot: 'Sinon, réinitialisez votre mot de passe dès maintenant et contactez notre équipe de support afin que nous puissions sécuriser votre compte.',
    reset: 'Réinitialiser le mot de passe',
  },
  de: {
    subject: 'Ihr Passwort wurde geändert',
    changed: (via, when) =>
      `Das Passwort Ihres Kontos bei ${PRODUCT_NAME} wurde${when ? ` am ${when}` : ''} ${via === 'reset' ? 'über einen Link zum Zurücksetzen des Passworts zurückgesetzt' : 'geändert'}.`,
    ifYou: 'Wenn Sie diese Änderung vorgenommen haben, ist nichts weiter zu tun.',
    ifNot: 'Falls nicht, setzen Sie Ihr Passwort jetzt zurück und wenden Sie sich an unser Support-Team, damit wir Ihr Konto schützen können.',
    reset: 'Passwort zurücksetzen',
  },
};

export function passwordChangedTemplate(params: PasswordChangedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return securityNoticeEmail(
    { subject: words.subject, happened: words.changed(params.via, formatUtc(params.changedAt, language)), ifYou: words.ifYou, ifNot: words.ifNot, reset: words.reset },
    params,
    language,
  );
}
