import { ProtectionCard } from '../../money/ProtectionCard';
import { SecurityDepositPanel } from '../../money/SecurityDepositPanel';
import { PortalPage } from '../../ui/PortalPage';

export default function InvestmentProtectionPage() {
  return (
    <PortalPage title="Investment Security Protection Center" description="The security deposit that protects your invested amount until maturity.">
      <ProtectionCard />
      <SecurityDepositPanel admin={false} />
    </PortalPage>
  );
}
