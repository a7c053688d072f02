import { ZPasswordChangeSchema } from '@shared/schemas/business';
import { PasswordChangeCard } from '@web/components/account/password-change-card';
import { useChangeBusinessPassword } from '../api/profile';

/** The signed-in person's own password (the owner's or a team member's). */
export function PasswordTab() {
  return (
    <div className="max-w-xl">
      <PasswordChangeCard
        schema={ZPasswordChangeSchema}
        useChange={useChangeBusinessPassword}
        description="Changing it signs you out everywhere else; this session stays."
      />
    </div>
  );
}
