import { Language, Translated } from './language';
import { expiringLinkEmail, ExpiringLinkWords, PRODUCT_NAME, RenderedEmail } from './layout';

export interface ResetPasswordParams {
  firstName: string;
  resetUrl: string;
  issuedAt: string;
  expiresAt: string;
}

const WORDS: Translated<ExpiringLinkWords> = {
  en: {
    subject: 'Reset your password',
    reason: `We received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new password with the link below.`,
    action: 'Reset password',
    afterValidity: 'It can be used once.',
    closing: 'If you did not ask to reset your password, you can ignore this email; your password will not change.',
  },
  es: {
    subject: 'Restablezca su contraseña',
    reason: `Hemos recibido una solicitud para restablecer la contraseña de su cuenta de ${PRODUCT_NAME}. Elija una nueva contraseña con el enlace siguiente.`,
    action: 'Restablecer contraseña',
    afterValidity: 'Solo puede utilizarse una vez.',
    closing: 'Si usted no ha solicitado restablecer su contraseña, puede ignorar este correo; su contraseña no cambiará.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    reason: `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${PRODUCT_NAME}. Choisissez un nouveau mot de passe à l’aide du lien ci-dessous.`,
    action: 'Réinitialiser le mot de passe',
    afterValidity: 'Il ne peut être utilisé qu’une seule fois.',
    closing: 'Si vous n’avez pas demandé à réinitialiser votre mot de passe, vous pouvez ignorer cet e-mail ; votre mot de passe ne changera pas.',
  },
  de: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    reason: `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${PRODUCT_NAME} zurückzusetzen. Wählen Sie über den folgenden Link ein neues Passwort.`,
    action: 'Passwort zurücksetzen',
    afterValidity: 'Er kann nur einmal verwendet werden.',
    closing: 'Wenn Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
};

export function resetPasswordTemplate(params: ResetPasswordParams, language: Language = 'en'): RenderedEmail {
  return expiringLinkEmail(WORDS[language], { firstName: params.firstName, url: params.resetUrl, issuedAt: params.issuedAt, expiresAt: params.expiresAt }, language);
}
