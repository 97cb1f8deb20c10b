import { Language, Translated } from './language';
import { expiringLinkEmail, ExpiringLinkWords, PRODUCT_NAME, RenderedEmail } from './layout';

export interface ConfirmEmailParams {
  firstName: string;
  confirmationUrl: string;
  /** When the link was issued (the event's time) and when it stops working. */
  issuedAt: string;
  expiresAt: string;
}

const WORDS: Translated<ExpiringLinkWords> = {
  en: {
    subject: 'Confirm your email address',
    reason: `Thank you for signing up for ${PRODUCT_NAME}. Please confirm your email address to activate your account.`,
    action: 'Confirm email address',
    afterValidity: 'If it has expired, you can ask for a new confirmation email from the sign-in page.',
    closing: 'If you did not create an account, you can ignore this email.',
  },
  es: {
    subject: 'Confirme su dirección de correo electrónico',
    reason: `Gracias por registrarse en ${PRODUCT_NAME}. Confirme su dirección de correo electrónico para activar su cuenta.`,
    action: 'Confirmar dirección de correo',
    afterValidity: 'Si ha caducado, puede solicitar un nuevo correo de confirmación desde la página de inicio de sesión.',
    closing: 'Si usted no ha creado ninguna cuenta, puede ignorar este correo.',
  },
  fr: {
    subject: 'Confirmez votre adresse e-mail',
    reason: `Merci de vous être inscrit sur ${PRODUCT_NAME}. Veuillez confirmer votre adresse e-mail pour activer votre compte.`,
    action: 'Confirmer l’adresse e-mail',
    afterValidity: 'S’il a expiré, vous pouvez demander un nouvel e-mail de confirmation depuis la page de connexion.',
    closing: 'Si vous n’avez pas créé de compte, vous pouvez ignorer cet e-mail.',
  },
  de: {
    subject: 'Bestätigen Sie Ihre E-Mail-Adresse',
    reason: `Vielen Dank für Ihre Registrierung bei ${PRODUCT_NAME}. Bitte bestätigen Sie Ihre E-Mail-Adresse, um Ihr Konto zu aktivieren.`,
    action: 'E-Mail-Adresse bestätigen',
    afterValidity: 'Ist er abgelaufen, können Sie auf der Anmeldeseite eine neue Bestätigungs-E-Mail anfordern.',
    closing: 'Wenn Sie kein Konto erstellt haben, können Sie diese E-Mail ignorieren.',
  },
};

export function confirmEmailTemplate(params: ConfirmEmailParams, language: Language = 'en'): RenderedEmail {
  return expiringLinkEmail(WORDS[language], { firstName: params.firstName, url: params.confirmationUrl, issuedAt: params.issuedAt, expiresAt: params.expiresAt }, language);
}
