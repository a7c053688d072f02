import { zodResolver } from '@hookform/resolvers/zod';
import { Check, Copy, KeyRound, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { Link } from 'wouter';
import { API_KEY_SCOPE_LABELS } from '@shared/api-key-scopes';
import { ZApiKeyCreateSchema, type TApiKeyCreate, type TApiKeyCreated } from '@shared/schemas/business';
import { formatDateTime, formatShortDate } from '@shared/format';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { Badge } from '@web/components/ui/badge';
import { Button } from '@web/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card';
import { Skeleton } from '@web/components/ui/skeleton';
import { applyServerFieldErrors } from '@web/lib/form-errors';
import { toast } from '@web/lib/toast';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../api/api-keys';
import { ConfirmButton } from '../parts';
import { ApiKeyScopeBadges, ApiKeyScopeFields } from './api-key-scope-fields';
import { Refusal } from './settings-fields';
import { FormField } from '@web/components/ui/form-field';

/** A first request the new key may make: one of its own scopes' routes, never one it would be refused. */
function curlExample(created: TApiKeyCreated): string {
  const auth = `curl -H "Authorization: Bearer ${created.key.slice(0, 11)}…"`;
  const origin = window.location.origin;
  if (created.scopes.includes('reports:read'))
    return `${auth} \\
  -H "content-type: application/json" \\
  -d '{"purpose":"credit_application","nationalId":"SL12345678"}' \\
  ${origin}/api/credit/search`;
  const path = created.scopes.includes('data:report')
    ? '/api/credit/submissions'
    : created.scopes.includes('disputes:answer')
      ? '/api/businesses/me/disputes'
      : '/api/businesses/me/webhooks';
  return `${auth} \\
  ${origin}${path}`;
}

function NewKey({ created, onDone }: { created: TApiKeyCreated; onDone: () => void }) {
  const [isCopied, setIsCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.key);
    setIsCopied(true);
  };
  return (
    <Alert variant="warning" role="status" data-testid="new-api-key">
      <KeyRound aria-hidden />
      <AlertTitle>Copy the key now: it is shown only once</AlertTitle>
      <AlertDescription className="space-y-3">
        <p>
          &ldquo;{created.name}&rdquo; acts as your business to{' '}
          {created.scopes.map((scope) => API_KEY_SCOPE_LABELS[scope].toLowerCase()).join(', ')}. Keep it in your system&apos;s secret store;
          we keep only a fingerprint of it.
        </p>
        <div className="flex flex-wrap items-center gap-2">
          <code className="break-all rounded bg-background px-2 py-1 font-mono text-xs" data-testid="api-key-value">
            {created.key}
          </code>
          <Button size="sm" variant="outline" onClick={() => void copy()}>
            {isCopied ? <Check aria-hidden /> : <Copy aria-hidden />}
            {isCopied ? 'Copied' : 'Copy'}
          </Button>
        </div>
        <pre className="overflow-x-auto rounded bg-background p-2 font-mono text-xs">{curlExample(created)}</pre>
        <Button size="sm" onClick={onDone}>
          I have stored the key
        </Button>
      </AlertDescription>
    </Alert>
  );
}

/** A new key starts with the most common use ticked: a loan system that searches and pulls reports. */
const NEW_KEY: TApiKeyCreate = { name: '', scopes: ['reports:read'] };

/** The Enterprise API keys: created (shown once) with what each may do, and revoked by the owner. */
export function ApiKeysTab() {
  const keys = useApiKeys();
  const [created, setCreated] = useState<TApiKeyCreated | null>(null);
  const form = useForm<TApiKeyCreate>({ resolver: zodResolver(ZApiKeyCreateSchema), defaultValues: NEW_KEY });
  // Its text fields: ids "settings-<name>", no autofill unless a field asks for it.
  const field = { form, idPrefix: 'settings-', autoComplete: 'off' };
  const create = useCreateApiKey({
    onSuccess: (result) => {
      setCreated(result);
      form.reset(NEW_KEY);
    },
    onError: (error) => applyServerFieldErrors(form, error),
  });
  const revoke = useRevokeApiKey({
    onSuccess: (key) => toast({ kind: 'success', title: 'API key revoked', description: `${key.name} no longer works.` }),
    errorToast: 'Not revoked',
  });
  if (keys.isPending) return <Skeleton className="h-64" />;
  if (keys.isError) return <Refusal error={keys.error} />;
  const k = keys.data;
  if (!k.hasApiAccess) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>
            <h2 className="flex items-center gap-2">
              <KeyRound className="size-5" aria-hidden />
              Enterprise API
            </h2>
          </CardTitle>
          <CardDescription>
            Connect your loan system to the registry: search, pull reports and send monthly files with an API key, under the same quota,
            consent and purpose rules. API access is part of the Enterprise plan.
          </CardDescription>
        </CardHeader>
        <CardContent className="flex flex-wrap gap-2">
          <Button asChild>
            <Link href="/subscribe">See Enterprise</Link>
          </Button>
          <Button asChild variant="outline">
            <a href="/api/docs">API documentation</a>
          </Button>
        </CardContent>
      </Card>
    );
  }
  return (
    <Card>
      <CardHeader>
        <CardTitle>
          <h2 className="flex items-center gap-2">
            <KeyRound className="size-5" aria-hidden />
            API keys
          </h2>
        </CardTitle>
        <CardDescription>
          Send a key as <code className="font-mono">Authorization: Bearer &lt;key&gt;</code>; it reaches only what you let it do when you
          create it (
          <a className="underline" href="/api/docs">
            documentation
          </a>
          ). Team, keys, password and billing always need a staff sign-in. Requests count against your monthly quota and are recorded like
          the web app&apos;s. To change what a key may do, create a new one and revoke the old. Revoke a key the moment you suspect it
          leaked.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        {k.canManage ? (
          <form className="grid gap-4" noValidate onSubmit={form.handleSubmit((v) => create.mutate(v))} aria-label="Create an API key">
            <FormField {...field} name="name" label="Key name" hint="What will use it, e.g. Core banking system" />
            <Controller
              control={form.control}
              name="scopes"
              render={({ field: scopes, fieldState }) => (
                <ApiKeyScopeFields value={scopes.value} onChange={scopes.onChange} hasError={Boolean(fieldState.error)} />
              )}
            />
            <div>
              <Button type="submit" disabled={create.isPending}>
                <KeyRound aria-hidden />
                {create.isPending ? 'Creating…' : 'Create key'}
              </Button>
            </div>
          </form>
        ) : (
          <p className="text-sm text-muted-foreground">Only the business owner creates and revokes keys.</p>
        )}
        <Refusal error={create.error} />
        {k.keys.length === 0 ? (
          <p className="text-sm text-muted-foreground">No keys yet.</p>
        ) : (
          <ul className="divide-y rounded-lg border" data-testid="api-keys">
            {k.keys.map((key) => (
              <li key={key.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                <div>
                  <p className="font-medium">
                    {key.name}{' '}
                    {key.revokedAt ? (
                      <Badge variant="secondary" className="ml-1">
                        Revoked
                      </Badge>
                    ) : (
                      <Badge variant="success" className="ml-1">
                        Active
                      </Badge>
                    )}
                  </p>
                  <p className="text-sm text-muted-foreground">
                    <code className="font-mono">{key.prefix}…</code> · created {formatShortDate(key.createdAt)} by {key.createdBy} ·{' '}
                    {key.lastUsedAt ? `last used ${formatDateTime(key.lastUsedAt)}` : 'never used'}
                    {key.revokedAt ? ` · revoked ${formatShortDate(key.revokedAt)}` : ''}
                  </p>
                  <ApiKeyScopeBadges scopes={key.scopes} />
                </div>
                {k.canManage && !key.revokedAt ? (
                  <ConfirmButton
                    label="Revoke"
                    ariaLabel={`Revoke ${key.name}`}
                    icon={<Trash2 aria-hidden />}
                    title={`Revoke ${key.name}?`}
                    description="Systems using this key stop working at once: their next request gets 401. This cannot be undone; create a new key to reconnect them."
                    confirmLabel="Revoke key"
                    onConfirm={() => revoke.mutate(key)}
                    disabled={revoke.isPending}
                  />
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}
