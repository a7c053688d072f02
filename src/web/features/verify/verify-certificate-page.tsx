import { useEffect } from 'react';
import { CircleCheck, CircleX } from 'lucide-react';
import { useParams } from 'wouter';
import { formatDate } from '@shared/format';
import { LanguageSwitcher } from '@web/components/layout/language-switcher';
import { Button } from '@web/components/ui/button';
import { Card, CardContent } from '@web/components/ui/card';
import { PageLoading } from '@web/components/ui/page-loading';
import { hasErrorCode } from '@web/lib/api';
import { applyLanguage, currentLanguage, useT, withEnglish } from '@web/lib/i18n';
import { useCertificateCheck } from './api/certificate';
import certificateEnglish from 'english-catalogue:certificate';

// This page's English beyond the shell's, carried in this page's file (decisions/048).
withEnglish({ certificate: certificateEnglish });

/**
 * /verify/:id, public: whether a clearance certificate holds today, in large plain words, with the
 * holder's name and masked NIN, the standing and the date. English or Krio (this browser only).
 */
export default function VerifyCertificatePage() {
  const { id = '' } = useParams<{ id: string }>();
  const { t } = useT('certificate');
  const check = useCertificateCheck(id);
  // The page's language attribute follows the remembered choice from the first render.
  useEffect(() => applyLanguage(currentLanguage()), []);

  return (
    <div className="mx-auto w-full max-w-2xl space-y-6 px-4 py-8 sm:py-12">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">{t('verify.pageTitle')}</h1>
        <LanguageSwitcher isSaved={false} />
      </div>
      {check.isPending ? (
        <PageLoading label={t('verify.checking')} />
      ) : check.isError ? (
        <Card>
          <CardContent className="space-y-4 pt-6">
            {hasErrorCode(check.error, 'NOT_FOUND') ? (
              <p className="text-lg" data-testid="certificate-not-found">
                {t('verify.notFound')}
              </p>
            ) : (
              <>
                <p className="text-lg">{t('verify.error')}</p>
                <Button variant="outline" onClick={() => void check.refetch()}>
                  {t('verify.retry')}
                </Button>
              </>
            )}
          </CardContent>
        </Card>
      ) : (
        <Card data-testid="certificate-check">
          <CardContent className="space-y-6 pt-6">
            <div
              className={`flex items-center gap-4 rounded-lg p-4 ${check.data.valid ? 'bg-accent text-accent-foreground' : 'bg-destructive/10 text-destructive'}`}
            >
              {check.data.valid ? (
                <CircleCheck className="size-12 shrink-0" aria-hidden />
              ) : (
                <CircleX className="size-12 shrink-0" aria-hidden />
              )}
              <div>
                <p className="text-4xl font-extrabold leading-none sm:text-5xl" data-testid="certificate-verdict">
                  {check.data.valid ? t('verify.valid') : t('verify.invalid')}
                </p>
                <p className="mt-2 text-base">{check.data.valid ? t('verify.validLine') : t('verify.invalidLine')}</p>
              </div>
            </div>
            {check.data.reason ? (
              <p className="text-base font-medium" data-testid="certificate-reason">
                {t(`verify.reason.${check.data.reason}`)}
              </p>
            ) : null}
            <dl className="grid gap-4 sm:grid-cols-2">
              <Item label={t('labels.holder')} value={check.data.holder.name} />
              <Item label={t('labels.nationalId')} value={check.data.holder.maskedNationalId} />
              <Item label={t('labels.standing')} value={t(`standingName.${check.data.standing}`)} />
              <Item label={t('labels.issued')} value={formatDate(check.data.issuedAt)} />
            </dl>
            <p className="text-sm text-muted-foreground">{t(`standingText.${check.data.standing}`)}</p>
          </CardContent>
        </Card>
      )}
    </div>
  );
}

function Item({ label, value }: { label: string; value: string }) {
  return (
    <div className="min-w-0">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="break-words text-lg font-semibold">{value}</dd>
    </div>
  );
}
