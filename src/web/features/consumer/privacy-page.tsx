import { ShieldCheck } from 'lucide-react';
import { PageHeader } from '@web/components/layout/page-header';
import { PageLoading } from '@web/components/ui/page-loading';
import { usePrivacy } from './api/privacy';
import { IdentityGate } from './identity-gate';
import { CertificatesCard } from './privacy/certificates-card';
import { ConsentsCard } from './privacy/consents-card';
import { FraudAlertCard } from './privacy/fraud-alert-card';
import { FreezeCard } from './privacy/freeze-card';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { useT, withEnglish } from '@web/lib/i18n';
import certificateEnglish from 'english-catalogue:certificate';
import privacyEnglish from 'english-catalogue:privacy';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ certificate: certificateEnglish, privacy: privacyEnglish });

function PrivacyControls() {
  const { t } = useT('privacy');
  const privacy = usePrivacy();
  if (privacy.isPending) return <PageLoading label={t('loading')} />;
  if (privacy.isError) return <QueryErrorCard query={privacy} />;
  return (
    <div className="space-y-6">
      <div className="grid gap-4 lg:grid-cols-2">
        <FreezeCard privacy={privacy.data} />
        <FraudAlertCard privacy={privacy.data} />
      </div>
      <ConsentsCard />
      <CertificatesCard />
      <p className="flex items-center gap-2 text-sm text-muted-foreground">
        <ShieldCheck className="size-4" aria-hidden />
        {t('audited')}
      </p>
    </div>
  );
}

/** Privacy Controls: freeze, fraud alert, consents. */
export default function ConsumerPrivacyPage() {
  const { t } = useT('privacy');
  return (
    <div className="space-y-6">
      <PageHeader role="consumer" title={t('title')} description={t('description')} />
      <IdentityGate>
        <PrivacyControls />
      </IdentityGate>
    </div>
  );
}
