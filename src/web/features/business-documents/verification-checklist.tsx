import { CheckCircle2, Circle } from 'lucide-react';
import { Link } from 'wouter';
import { missingRequiredDocuments, requiredDocumentNames } from '@shared/business-verification';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { cn } from '@web/lib/utils';
import { useBusinessDocuments } from './api/documents';

interface TStep {
  title: string;
  isDone: boolean;
  text: string;
  action?: { label: string; href: string };
}

/**
 * A new business's way to its first credit check, on its dashboard: paid, documents uploaded,
 * verified; each step links to where it is done.
 */
export function VerificationChecklist({ isSubscriptionActive }: { isSubscriptionActive: boolean }) {
  const documents = useBusinessDocuments();
  const d = documents.data;
  if (!d) return documents.isError ? null : <Skeleton className="h-40" />;
  const missing = missingRequiredDocuments(d.documents.map((doc) => doc.kind));
  const isVerified = d.verificationStatus === 'verified';
  const steps: TStep[] = [
    {
      title: 'Choose and pay for your plan',
      isDone: isSubscriptionActive,
      text: isSubscriptionActive ? 'Your plan is active.' : 'Choose a plan and pay by card; credit checks need an active plan.',
      action: isSubscriptionActive ? undefined : { label: 'Pay now', href: '/subscribe' },
    },
    {
      title: 'Upload your registration documents',
      isDone: missing.length === 0,
      text:
        missing.length === 0
          ? 'Your registration certificate and tax identification are uploaded.'
          : `Upload your ${requiredDocumentNames(missing)} (PDF, PNG or JPEG).`,
      action:
        missing.length === 0 && d.verificationStatus !== 'rejected'
          ? undefined
          : { label: 'Upload documents', href: '/business/settings?tab=documents' },
    },
    {
      title: 'Verification by CreditCheck SL',
      isDone: isVerified,
      text: isVerified
        ? 'Your business is verified.'
        : d.verificationStatus === 'rejected'
          ? `Your documents were not accepted${d.verificationNote ? `: ${d.verificationNote}` : ''}. Upload corrected documents and they are checked again.`
          : missing.length === 0
            ? 'An administrator is checking your documents. Credit checks open as soon as your business is verified.'
            : 'An administrator checks your documents once they are uploaded.',
    },
  ];
  const doneCount = steps.filter((step) => step.isDone).length;
  return (
    <Card data-testid="verification-checklist">
      <CardHeader>
        <CardTitle>
          <h2>Get ready for your first credit check</h2>
        </CardTitle>
        <CardDescription>
          {doneCount} of {steps.length} steps done
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ol className="space-y-4">
          {steps.map((step) => (
            <li key={step.title} className="flex gap-3">
              {step.isDone ? (
                <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-success" aria-hidden />
              ) : (
                <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
              )}
              <div className="min-w-0 flex-1 space-y-1">
                <p className={cn('font-medium', step.isDone && 'text-muted-foreground')}>
                  {step.title}
                  <span className="sr-only">{step.isDone ? ' (done)' : ' (to do)'}</span>
                </p>
                <p className="text-sm text-muted-foreground">{step.text}</p>
                {step.action ? (
                  <Link
                    href={step.action.href}
                    className="inline-block text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {step.action.label}
                  </Link>
                ) : null}
              </div>
            </li>
          ))}
        </ol>
      </CardContent>
    </Card>
  );
}
