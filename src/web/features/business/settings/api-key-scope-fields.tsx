import { API_KEY_SCOPES, API_KEY_SCOPE_DESCRIPTIONS, API_KEY_SCOPE_LABELS, type TApiKeyScope } from '@shared/api-key-scopes';
import { Badge } from '@web/components/ui/badge';
import { CheckboxField } from '@web/components/ui/checkbox-field';
import { FieldError } from '@web/components/ui/field';

/**
 * What a new key may do, one checkbox per scope in plain words (decisions/032). The schema's own
 * message names the raw scopes for API callers; people read this one instead.
 */
export function ApiKeyScopeFields({
  value,
  onChange,
  hasError,
}: {
  value: TApiKeyScope[];
  onChange: (scopes: TApiKeyScope[]) => void;
  hasError: boolean;
}) {
  const toggle = (scope: TApiKeyScope, isChecked: boolean) =>
    onChange(API_KEY_SCOPES.filter((s) => (s === scope ? isChecked : value.includes(s))));
  return (
    <fieldset className="grid gap-3" aria-describedby={hasError ? 'settings-scopes-error' : undefined}>
      <legend className="mb-2 text-sm font-medium">What the key may do</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        {API_KEY_SCOPES.map((scope) => (
          <CheckboxField
            key={scope}
            id={`settings-scope-${scope.replace(':', '-')}`}
            label={API_KEY_SCOPE_LABELS[scope]}
            hint={API_KEY_SCOPE_DESCRIPTIONS[scope]}
            checked={value.includes(scope)}
            onCheckedChange={(isChecked) => toggle(scope, isChecked)}
          />
        ))}
      </div>
      <FieldError id="settings-scopes" message={hasError ? 'Choose at least one thing the key may do.' : undefined} />
    </fieldset>
  );
}

/** A key's scopes as the settings page names them. */
export function ApiKeyScopeBadges({ scopes }: { scopes: TApiKeyScope[] }) {
  return (
    <ul className="mt-1 flex flex-wrap gap-1" aria-label="What this key may do">
      {scopes.map((scope) => (
        <li key={scope}>
          <Badge variant="outline">{API_KEY_SCOPE_LABELS[scope]}</Badge>
        </li>
      ))}
    </ul>
  );
}
