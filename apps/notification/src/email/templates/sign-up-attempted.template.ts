import { Language, Translated } from './language';
import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface SignUpAttemptedParams {
  firstName: string;
  attemptedAt: string;
  /** The sign-in page of the owner's portal. */
  signInUrl: string;
  /** Where the owner asks for a password reset link. */
  resetPasswordUrl: string;
}

const WORDS: Translated<{ subject: string; attempted: (when: string | null) => string; noNewAccount: string; ifYou: string; ifNot: string; signIn: string; reset: string }> = {
  en: {
    subject: 'Someone tried to create an account with your email',
    attempted: (when) => `Someone tried to create a new ${PRODUCT_NAME} account with this email address${when ? ` on ${when}` : ''}. You already have an account with it.`,
    noNewAccount: 'No new account was created, and nothing about your account has changed.',
    ifYou: 'If this was you, sign in to your existing account. If you do not remember your password, reset it.',
    ifNot: 'If it was not you, you can ignore this email.',
    signIn: 'Sign in',
    reset: 'Reset password',
  },
  es: {
    subject: 'Alguien ha intentado crear una cuenta con su correo electrónico',
    attempted: (when) => `Alguien ha intentado crear una nueva cuenta de ${PRODUCT_NAME} con esta dirección de correo electrónico${when ? ` el ${when}` : ''}. Usted ya tiene una cuenta con ella.`,
    noNewAccount: 'No se ha creado ninguna cuenta nueva y no ha cambiado nada en su cuenta.',
    ifYou: 'Si fue usted, inicie sesión en su cuenta existente. Si no recuerda su contraseña, restablézcala.',
    ifNot: 'Si no fue usted, puede ignorar este correo.',
    signIn: 'Iniciar sesión',
    reset: 'Restablecer contraseña',
  },
  fr: {
    subject: 'Quelqu’un a essayé de créer un compte avec votre adresse e-mail',
    attempted: (when) => `Quelqu’un a essayé de créer un nouveau compte ${PRODUCT_NAME} avec cette adresse e-mail${when ? ` le ${when}` : ''}. Vous avez déjà un compte avec cette adresse.`,
    noNewAccount: 'Aucun nouveau compte n’a été créé et rien n’a changé sur votre compte.',
    ifYou: 'Si c’était vous, connectez-vous à votre compte existant. Si vous ne vous souvenez plus de votre mot de passe, réinitialisez-le.',
    ifNot: 'Si ce n’était pas vous, vous pouvez ignorer cet e-mail.',
    signIn: 'Se connecter',
    reset: 'Réinitialiser le mot de passe',
  },
  de: {
    subject: 'Jemand hat versucht, mit Ihrer E-Mail-Adresse ein Konto zu erstellen',
    attempted: (when) => `Jemand hat${when ? ` am ${when}` : ''} versucht, mit dieser E-Mail-Adresse ein neues Konto bei ${PRODUCT_NAME} zu erstellen. Sie haben mit dieser Adresse bereits ein Konto.`,
    noNewAccount: 'Es wurde kein neues Konto erstellt, und an Ihrem Konto hat sich nichts geändert.',
    ifYou: 'Wenn Sie das waren, melden Sie sich bei Ihrem bestehenden Konto an. Wenn Sie Ihr Passwort nicht mehr wissen, setzen Sie es zurück.',
    ifNot: 'Wenn Sie das nicht waren, können Sie diese E-Mail ignorieren.',
    signIn: 'Anmelden',
    reset: 'Passwort zurücksetzen',
  },
};

/**
 * To the owner of an address someone signed up with: the sign-up answered as for a new
 * address (it never tells who has an account), so the owner is told here, with the way in.
 */
export function signUpAttemptedTemplate(params: SignUpAttemptedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.subject,
    [
      greeting(params.firstName, language),
      words.attempted(formatUtc(params.attemptedAt, language)),
      words.noNewAccount,
      words.ifYou,
      { action: { label: words.signIn, url: params.signInUrl } },
      { action: { label: words.reset, url: params.resetPasswordUrl } },
      words.ifNot,
    ],
    language,
  );
}
