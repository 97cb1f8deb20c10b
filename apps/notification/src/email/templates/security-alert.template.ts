import { SecurityAlertKind } from '@portal/contracts';
import { Language, Translated } from './language';
import { composeEmail, displayName, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface SecurityAlertParams {
  firstName: string;
  kind: SecurityAlertKind;
  occurredAt: string;
  clientIp?: string | null;
  userAgent?: string | null;
  /** The Security tab, where the owner reviews two-factor and changes the password. */
  securitySettingsUrl: string;
  resetPasswordUrl: string;
  /** new_sign_in: the single-use link that ends the session of that sign-in. */
  endSessionUrl?: string | null;
}

const WORDS: Translated<{
  subjects: Record<SecurityAlertKind, string>;
  /** What happened, as the end of "On your account (on <when>), ...". */
  what: Record<SecurityAlertKind, string>;
  onYourAccount: (when: string | null, what: string) => string;
  address: (value: string) => string;
  browser: (value: string) => string;
  ifYou: string;
  ifNot: string;
  reset: string;
  settings: string;
  endSession: string;
}> = {
  en: {
    subjects: {
      two_factor_enabled: 'Two-factor authentication was turned on',
      two_factor_disabled: 'Two-factor authentication was turned off',
      new_sign_in: 'New sign-in to your account',
      recovery_code_used: 'A recovery code was used to sign in',
    },
    what: {
      two_factor_enabled: 'two-factor authentication was turned on. Signing in now also asks for a code from your authenticator app.',
      two_factor_disabled: 'two-factor authentication was turned off. Signing in now asks for your password only.',
      new_sign_in: 'someone signed in from a browser or address not seen on your account before.',
      recovery_code_used: 'a recovery code was used to sign in. Each code works once; keep the others safe.',
    },
    onYourAccount: (when, what) => `On your ${PRODUCT_NAME} account${when ? ` on ${when}` : ''}, ${what}`,
    address: (value) => `Address: ${value}`,
    browser: (value) => `Browser: ${value}`,
    ifYou: 'If this was you, there is nothing else to do.',
    ifNot: 'If it was not, reset your password now, review your security settings and contact our support team.',
    reset: 'Reset password',
    settings: 'Security settings',
    endSession: 'End that session',
  },
  es: {
    subjects: {
      two_factor_enabled: 'Se ha activado la autenticación en dos pasos',
      two_factor_disabled: 'Se ha desactivado la autenticación en dos pasos',
      new_sign_in: 'Nuevo inicio de sesión en su cuenta',
      recovery_code_used: 'Se ha utilizado un código de recuperación para iniciar sesión',
    },
    what: {
      two_factor_enabled: 'se activó la autenticación en dos pasos. Ahora, al iniciar sesión, también se le pedirá un código de su aplicación de autenticación.',
      two_factor_disabled: 'se desactivó la autenticación en dos pasos. Ahora, al iniciar sesión, solo se le pedirá su contraseña.',
      new_sign_in: 'alguien inició sesión desde un navegador o una dirección que no se había visto antes en su cuenta.',
      recovery_code_used: 'se utilizó un código de recuperación para iniciar sesión. Cada código funciona una sola vez; guarde los demás en un lugar seguro.',
    },
    onYourAccount: (when, what) => `En su cuenta de ${PRODUCT_NAME}${when ? `, el ${when}` : ''}, ${what}`,
    address: (value) => `Dirección: ${value}`,
    browser: (value) => `Navegador: ${value}`,
    ifYou: 'Si fue usted, no tiene que hacer nada más.',
    ifNot: 'Si no fue usted, restablezca su contraseña ahora, revise su configuración de seguridad y póngase en contacto con nuestro equipo de soporte.',
    reset: 'Restablecer contraseña',
    settings: 'Configuración de seguridad',
    endSession: 'Cerrar esa sesión',
  },
  fr: {
    subjects: {
      two_factor_enabled: 'L’authentification à deux facteurs a été activée',
      two_factor_disabled: 'L’authentification à deux facteurs a été désactivée',
      new_sign_in: 'Nouvelle connexion à votre compte',
      recovery_code_used: 'Un code de récupération a été utilisé pour se connecter',
    },
    what: {
      two_factor_enabled: 'l’authentification à deux facteurs a été activée. La connexion demande désormais aussi un code de votre application d’authentification.',
      two_factor_disabled: 'l’authentification à deux facteurs a été désactivée. La connexion ne demande désormais plus que votre mot de passe.',
      new_sign_in: 'quelqu’un s’est connecté depuis un navigateur ou une adresse jamais vus auparavant sur votre compte.',
      recovery_code_used: 'un code de récupération a été utilisé pour se connecter. Chaque code ne fonctionne qu’une fois ; conservez les autres en lieu sûr.',
    },
    onYourAccount: (when, what) => `Sur votre compte ${PRODUCT_NAME}${when ? `, le ${when}` : ''}, ${what}`,
    address: (value) => `Adresse : ${value}`,
    browser: (value) => `Navigateur : ${value}`,
    ifYou: 'Si c’était vous, vous n’avez rien d’autre à faire.',
    ifNot: 'Sinon, réinitialisez votre mot de passe dès maintenant, vérifiez vos paramètres de sécurité et contactez notre équipe de support.',
    reset: 'Réinitialiser le mot de passe',
    settings: 'Paramètres de sécurité',
    endSession: 'Mettre fin à cette session',
  },
  de: {
    subjects: {
      two_factor_enabled: 'Die Zwei-Faktor-Authentifizierung wurde aktiviert',
      two_factor_disabled: 'Die Zwei-Faktor-Authentifizierung wurde deaktiviert',
      new_sign_in: 'Neue Anmeldung bei Ihrem Konto',
      recovery_code_used: 'Zur Anmeldung wurde ein Wiederherstellungscode verwendet',
    },
    what: {
      two_factor_enabled: 'wurde die Zwei-Faktor-Authentifizierung aktiviert. Bei der Anmeldung wird nun zusätzlich ein Code aus Ihrer Authenticator-App abgefragt.',
      two_factor_disabled: 'wurde die Zwei-Faktor-Authentifizierung deaktiviert. Bei der Anmeldung wird nun nur noch Ihr Passwort abgefragt.',
      new_sign_in: 'hat sich jemand über einen Browser oder eine Adresse angemeldet, die bei Ihrem Konto bisher nicht vorkamen.',
      recovery_code_used: 'wurde zur Anmeldung ein Wiederherstellungscode verwendet. Jeder Code funktioniert nur einmal; bewahren Sie die übrigen sicher auf.',
    },
    onYourAccount: (when, what) => `Bei Ihrem Konto bei ${PRODUCT_NAME}${when ? ` am ${when}` : ''} ${what}`,
    address: (value) => `Adresse: ${value}`,
    browser: (value) => `Browser: ${value}`,
    ifYou: 'Wenn Sie das waren, ist nichts weiter zu tun.',
    ifNot: 'Falls nicht, setzen Sie Ihr Passwort jetzt zurück, prüfen Sie Ihre Sicherheitseinstellungen und wenden Sie sich an unser Support-Team.',
    reset: 'Passwort zurücksetzen',
    settings: 'Sicherheitseinstellungen',
    endSession: 'Diese Sitzung beenden',
  },
};

/** Sent whatever the owner's notification choices: a change to how the account is protected. */
export function securityAlertTemplate(params: SecurityAlertParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  const from = [params.clientIp ? words.address(displayName(params.clientIp)) : null, params.userAgent ? words.browser(displayName(params.userAgent)) : null].filter(
    (line): line is string => line !== null,
  );
  return composeEmail(
    words.subjects[params.kind],
    [
      greeting(params.firstName, language),
      words.onYourAccount(formatUtc(params.occurredAt, language), words.what[params.kind]),
      ...from,
      words.ifYou,
      words.ifNot,
      // First: signing that browser out is the quickest remedy, and needs no sign-in.
      ...(params.endSessionUrl ? [{ action: { label: words.endSession, url: params.endSessionUrl } }] : []),
      { action: { label: words.reset, url: params.resetPasswordUrl } },
      { action: { label: words.settings, url: params.securitySettingsUrl } },
    ],
    language,
  );
}
