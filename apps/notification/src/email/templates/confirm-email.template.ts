import { Language, Translated } from './language';
import { composeEmail, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ConfirmEmailParams {
  firstName: string;
  confirmationUrl: string;
  /** When the link was issued (the event's time) and when it stops working. */
  issuedAt: string;
  expiresAt: string;
}

const WORDS: Translated<{ subject: string; thanks: string; confirm: string; expired: string; notYou: string }> = {
  en: {
    subject: 'Confirm your email address',
    thanks: `Thank you for signing up for ${PRODUCT_NAME}. Please confirm your email address to activate your account.`,
    confirm: 'Confirm email address',
    expired: 'If it has expired, you can ask for a new confirmation email from the sign-in page.',
    notYou: 'If you did not create an account, you can ignore this email.',
  },
  es: {
    subject: 'Confirme su dirección de correo electrónico',
    thanks: `Gracias por registrarse en ${PRODUCT_NAME}. Confirme su dirección de correo electrónico para activar su cuenta.`,
    confirm: 'Confirmar dirección de correo',
    expired: 'Si ha caducado, puede solicitar un nuevo correo de confirmación desde la página de inicio de sesión.',
    notYou: 'Si usted no ha creado ninguna cuenta, puede ignorar este correo.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    thanks: `Merci de vous être inscrit sur ${PRODUCT_NAME}. Veuillez confirmer votre adresse e-mail pour activer votre compte.`,
    confirm: 'Confirmer l’adresse e-mail',
    expired: 'S’il a expiré, vous pouvez demander un nouvel e-mail de confirmation depuis la page de connexion.',
    notYou: 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    thanks: `Vielen Dank für Ihre Registrierung bei ${PRODUCT_NAME}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.`,
    confirm: 'E-Mail-Adresse bestätigen',
    expired: 'Ist er abgelaufen, können Sie auf der Anmeldeseite eine neue Bestätigungs-E-Mail anfordern.',
    notYou: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
  },
};

export function confirmEmailTemplate(params: ConfirmEmailParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.subject,
    [
      greeting(params.firstName, language),
      words.thanks,
      { action: { label: words.confirm, url: params.confirmationUrl } },
      `${validitySentence(params.issuedAt, params.expiresAt, language)} ${words.expired}`,
      words.notYou,
    ],
    language,
  );
}
