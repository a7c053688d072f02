import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert';
import { isApiError } from '@web/lib/api';
import { errorMessageOf } from '@web/lib/form-errors';

// The refusal alert the Settings tabs share.

/** A refusal that names no field, said above the form's button (field errors go under their fields). */
export function Refusal({ error }: { error: unknown }) {
  if (!error || (isApiError(error) && error.fieldErrors.length > 0)) return null;
  return (
    <Alert variant="destructive" role="alert">
      <AlertTitle>Not saved</AlertTitle>
      <AlertDescription>{errorMessageOf(error, 'Please try again.')}</AlertDescription>
    </Alert>
  );
}
