import { Language, Translated } from './language';
import { composeEmail, formatUtc, greeting, PRODUCT_NAME, RenderedEmail } from './layout';

export interface AccountDeletedParams {
  firstName: string;
  closedAt: string;
}

const WORDS: Translated<{ subject: string; deleted: (when: string | null) => string; kept: string; notYou: string }> = {
  en: {
    subject: `Your ${PRODUCT_NAME} account has been deleted`,
    deleted: (when) => `Your ${PRODUCT_NAME} account was deleted at your request${when ? ` on ${when}` : ''}. You can no longer sign in with it, and your personal details have been removed.`,
    kept: 'Records that the law requires us to keep, such as your transactions, are retained for the legally required period.',
    notYou: 'If you did not ask for this, please contact our support team immediately.',
  },
  es: {
    subject: `Su cuenta de ${PRODUCT_NAME} ha sido eliminada`,
    deleted: (when) => `Su cuenta de ${PRODUCT_NAME} se eliminó a petición suya${when ? ` el ${when}` : ''}. Ya no puede iniciar sesión con ella y sus datos personales se han borrado.`,
    kept: 'Los registros que la ley nos obliga a conservar, como sus transacciones, se guardan durante el plazo legalmente exigido.',
    notYou: 'Si usted no lo solicitó, póngase en contacto de inmediato con nuestro equipo de soporte.',
  },
  fr: {
    subject: `Votre compte ${PRODUCT_NAME} a été supprimé`,
    deleted: (when) => `Votre compte ${PRODUCT_NAME} a été supprimé à votre demande${when ? ` le ${when}` : ''}. Vous ne pouvez plus vous y connecter et vos données personnelles ont été effacées.`,
    kept: 'Les enregistrements que la loi nous oblige à conserver, comme vos transactions, sont gardés pendant la durée légale requise.',
    notYou: 'Si vous n’en avez pas fait la demande, contactez immédiatement notre équipe de support.',
  },
  de: {
    subject: `Ihr Konto bei ${PRODUCT_NAME} wurde gelöscht`,
    deleted: (when) => `Ihr Konto bei ${PRODUCT_NAME} wurde auf Ihren Wunsch${when ? ` am ${when}` : ''} gelöscht. Sie können sich damit nicht mehr anmelden, und Ihre persönlichen Daten wurden entfernt.`,
    kept: 'Unterlagen, die wir gesetzlich aufbewahren müssen, etwa Ihre Transaktionen, werden für die gesetzlich vorgeschriebene Dauer aufbewahrt.',
    notYou: 'Falls Sie dies nicht veranlasst haben, wenden Sie sich bitte sofort an unser Support-Team.',
  },
};

export function accountDeletedTemplate(params: AccountDeletedParams, language: Language = 'en'): RenderedEmail {
  const words = WORDS[language];
  return composeEmail(words.subject, [greeting(params.firstName, language), words.deleted(formatUtc(params.closedAt, language)), words.kept, words.notYou], language);
}
