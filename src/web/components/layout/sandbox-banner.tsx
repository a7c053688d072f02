import { useAppConfig } from '@web/lib/config';

const SIMULATED: Record<'payments' | 'sms', string> = { payments: 'no payment is charged', sms: 'no text message is sent' };

/**
 * On a server running the sandbox payment or SMS provider outside demo mode (a staging server), every
 * page says so in a bar kept at the bottom of the window (sticky: it never covers the page's last lines), so nobody takes a simulated payment or code for a real one.
 */
export function SandboxBanner() {
  const config = useAppConfig();
  if (!config.data?.showSandboxBanner) return null;
  const what = config.data.sandbox.map((s) => SIMULATED[s]).join(' and ');
  return (
    <div
      role="status"
      className="sticky bottom-0 z-50 border-t border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm font-medium text-amber-950 dark:bg-amber-900 dark:text-amber-50"
    >
      Test server: {what}. Do not use real card details or personal data here.
    </div>
  );
}
