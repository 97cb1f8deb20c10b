import { SupportCenter } from '../../support/SupportCenter';
import { PortalPage } from '../../ui/PortalPage';

export default function SupportPage() {
  return (
    <PortalPage title="Support Center" description="Answers to common questions and your support tickets.">
      <SupportCenter />
    </PortalPage>
  );
}
