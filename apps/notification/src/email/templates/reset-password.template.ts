import { Language, Translated } from './language';
import { composeEmail, greeting, PRODUCT_NAME, RenderedEmail, validitySentence } from './layout';

export interface ResetPasswordParams {
  firstName: string;
  resetUrl: string;
  issuedAt: string;
  expiresAt: string;
}

const WORDS: Translated<{ subject: string; received: string; reset: string; once: string; notYou: string }> = {
  en: {
    subject: 'Reset your password',
    received: `We received a request to reset the password of your ${PRODUCT_NAME} account. Choose a new password with the link below.`,
    reset: 'Reset password',
    once: 'It can be used once.',
    notYou: 'If you did not ask to reset your password, you can ignore this email; your password will not change.',
  },
  es: {
    subject: 'Restablezca su contraseña',
    received: `Hemos recibido una solicitud para restablecer la contraseña de su cuenta de ${PRODUCT_NAME}. Elija una nueva contraseña con el enlace siguiente.`,
    reset: 'Restablecer contraseña',
    once: 'Solo puede utilizarse una vez.',
    notYou: 'Si usted no ha solicitado restablecer su contraseña, puede ignorar este correo; su contraseña no cambiará.',
  },
  fr: {
    subject: 'Réinitialisez votre mot de passe',
    received: `Nous avons reçu une demande de réinitialisation du mot de passe de votre compte ${PRODUCT_NAME}. Choisissez un nouveau mot de passe à l’aide du lien ci-dessous.`,
    reset: 'Réinitialiser le mot de passe',
    once: 'Il ne peut être utilisé qu’une seule fois.',
    notYou: 'Si vous n’avez pas demandé à réinitialiser votre mot de passe, vous pouvez ignorer cet e-mail ; votre mot de passe ne changera pas.',
  },
  de: {
    subject: 'Setzen Sie Ihr Passwort zurück',
    received: `Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei ${PRODUCT_NAME} zurückzusetzen. Wählen Sie über den folgenden Link ein neues Passwort.`,
    reset: 'Passwort zurücksetzen',
    once: 'Er kann nur einmal verwendet werden.',
    notYou: 'Wenn Sie das Zurücksetzen Ihres Passworts nicht angefordert haben, können Sie diese E-Mail ignorieren; Ihr Passwort bleibt unverändert.',
  },
};

export function resetPasswordTemplate(params: ResetPasswordParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(
    words.subject,
    [
      greeting(params.firstName, language),
      words.received,
      { action: { label: words.reset, url: params.resetUrl } },
      `${validitySentence(params.issuedAt, params.expiresAt, language)} ${words.once}`,
      words.notYou,
    ],
    language,
  );
}
