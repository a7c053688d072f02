import { useState } from 'react';
import { Copy, Download, FileBadge } from 'lucide-react';
import { formatDate } from '@shared/format';
import type { TOwnCertificate } from '@shared/schemas/certificate';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { QueryErrorCard } from '@web/components/ui/query-error-alert';
import { apiDownload } from '@web/lib/api-files';
import { errorMessageOf } from '@web/lib/form-errors';
import { useT } from '@web/lib/i18n';
import { toast } from '@web/lib/toast';
import { useIssueCertificate, useOwnCertificates, useRevokeCertificate } from '../api/certificates';

/** Clearance certificates (issue 21, decisions/045): get one, download it, copy its check link, revoke it. */
export function CertificatesCard() {
  const { t } = useT('certificate');
  const certificates = useOwnCertificates();
  const issue = useIssueCertificate({
    onSuccess: () => toast({ kind: 'success', title: t('card.ready') }),
    onError: (error) => toast({ kind: 'error', title: t('card.failed'), description: errorMessageOf(error, t('verify.retry')) }),
  });
  return (
    <Card data-testid="certificates-card">
      <CardHeader className="flex-row items-start justify-between gap-4 space-y-0">
        <div className="space-y-1.5">
          <CardTitle>
            <h2>{t('card.title')}</h2>
          </CardTitle>
          <CardDescription>{t('card.description')}</CardDescription>
        </div>
        <FileBadge className="size-5 shrink-0 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent className="space-y-4">
        <Button onClick={() => issue.mutate()} disabled={issue.isPending}>
          {issue.isPending ? t('card.getting') : t('card.get')}
        </Button>
        {certificates.isError ? (
          <QueryErrorCard query={certificates} />
        ) : certificates.data && certificates.data.certificates.length > 0 ? (
          <ul aria-label={t('card.listLabel')} className="divide-y rounded-md border">
            {certificates.data.certificates.map((certificate) => (
              <CertificateRow key={certificate.id} certificate={certificate} />
            ))}
          </ul>
        ) : certificates.data ? (
          <p className="text-sm text-muted-foreground">{t('card.none')}</p>
        ) : null}
      </CardContent>
    </Card>
  );
}

function CertificateRow({ certificate }: { certificate: TOwnCertificate }) {
  const { t } = useT('certificate');
  const [isConfirming, setConfirming] = useState(false);
  const revoke = useRevokeCertificate({ successToast: t('card.revoked'), errorToast: t('card.revokeFailed') });
  const status = certificate.revokedAt ? t('card.statusRevoked') : certificate.valid ? t('card.statusValid') : t('card.statusInvalid');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(certificate.verifyUrl);
      toast({ kind: 'success', title: t('card.copied') });
    } catch {
      toast({ kind: 'info', title: t('card.copyFailed', { url: certificate.verifyUrl }) });
    }
  };
  const download = async () => {
    try {
      await apiDownload(certificate.pdfUrl, 'clearance-certificate.pdf');
    } catch (error) {
      toast({ kind: 'error', title: t('card.downloadFailed'), description: errorMessageOf(error, t('verify.retry')) });
    }
  };
  return (
    <li className="flex flex-col gap-3 p-3 sm:flex-row sm:flex-wrap sm:items-center sm:justify-between" data-testid="certificate-row">
      <div className="min-w-0 space-y-1">
        <p className="text-sm font-medium">
          {t(`standingName.${certificate.standing}`)} · {t('card.issuedOn', { date: formatDate(certificate.issuedAt) })}
        </p>
        <Badge variant={certificate.valid ? 'success' : 'secondary'}>{status}</Badge>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button size="sm" variant="outline" onClick={() => void download()}>
          <Download className="size-4" aria-hidden />
          {t('card.download')}
        </Button>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          <Copy className="size-4" aria-hidden />
          {t('card.copy')}
        </Button>
        {certificate.revokedAt || isConfirming ? null : (
          <Button size="sm" variant="ghost" onClick={() => setConfirming(true)}>
            {t('card.revoke')}
          </Button>
        )}
      </div>
      {isConfirming && !certificate.revokedAt ? (
        <div role="alert" className="flex w-full flex-col gap-2 rounded-md bg-muted p-3 text-sm sm:basis-full">
          <p>{t('card.revokeConfirm')}</p>
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="destructive"
              disabled={revoke.isPending}
              onClick={() => revoke.mutate(certificate.id, { onSettled: () => setConfirming(false) })}
            >
              {t('card.confirmRevoke')}
            </Button>
            <Button size="sm" variant="outline" onClick={() => setConfirming(false)}>
              {t('card.keep')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}
