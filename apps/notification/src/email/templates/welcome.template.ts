import { Language, Translated } from './language';
import { composeEmail, PRODUCT_NAME, RenderedEmail } from './layout';

export interface WelcomeParams {
  signInUrl: string;
}

const WORDS: Translated<{ subject: string; hello: string; ready: string; next: string; signIn: string }> = {
  en: {
    subject: `Welcome to ${PRODUCT_NAME}`,
    hello: 'Hello,',
    ready: `Your email address is confirmed and your ${PRODUCT_NAME} account is ready.`,
    next: 'Sign in to complete your profile, verify your identity and explore the investment opportunities open to you.',
    signIn: 'Sign in',
  },
  es: {
    subject: `Le damos la bienvenida a ${PRODUCT_NAME}`,
    hello: 'Hola:',
    ready: `Su dirección de correo electrónico está confirmada y su cuenta de ${PRODUCT_NAME} está lista.`,
    next: 'Inicie sesión para completar su perfil, verificar su identidad y descubrir las oportunidades de inversión a su alcance.',
    signIn: 'Iniciar sesión',
  },
  fr: {
    subject: `Bienvenue sur ${PRODUCT_NAME}`,
    hello: 'Bonjour,',
    ready: `Votre adresse e-mail est confirmée et votre compte ${PRODUCT_NAME} est prêt.`,
    next: 'Connectez-vous pour compléter votre profil, vérifier votre identité et découvrir les opportunités d’investissement qui vous sont ouvertes.',
    signIn: 'Se connecter',
  },
  de: {
    subject: `Willkommen bei ${PRODUCT_NAME}`,
    hello: 'Hallo,',
    ready: `Ihre E-Mail-Adresse ist bestätigt und Ihr Konto bei ${PRODUCT_NAME} ist bereit.`,
    next: 'Melden Sie sich an, um Ihr Profil zu vervollständigen, Ihre Identität zu bestätigen und die Anlagemöglichkeiten zu entdecken, die Ihnen offenstehen.',
    signIn: 'Anmelden',
  },
};

export function welcomeTemplate(params: WelcomeParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(words.subject, [words.hello, words.ready, words.next, { action: { label: words.signIn, url: params.signInUrl } }], language);
}
