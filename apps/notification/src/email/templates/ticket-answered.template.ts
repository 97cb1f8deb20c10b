import { composeEmail, displayName, greeting, RenderedEmail } from './layout';

export interface TicketAnsweredParams {
  firstName: string;
  subject: string;
  ticketId: string;
  status: string;
  supportUrl: string;
}

export function ticketAnsweredTemplate(params: TicketAnsweredParams): RenderedEmail {
  return composeEmail('Your support ticket has been answered', [
    greeting(params.firstName),
    `Our support team answered your ticket "${displayName(params.subject)}" (#${params.ticketId.slice(0, 8)}). Its status is now ${params.status.replace('_', ' ')}.`,
    'Read the answer and reply, if you need to, in the Support Center.',
    { action: { label: 'Open the Support Center', url: params.supportUrl } },
  ]);
}
