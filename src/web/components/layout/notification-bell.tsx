import type { TFunction } from 'i18next';
import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@web/lib/notifications';
import { BellButton } from './bell-button';

// The list and its popover (Radix with floating-ui's positioning, about 10 KB compressed) come the
// first time the bell is pressed, not with every signed-in page (decisions/048).
const NotificationPopover = lazy(() => import('./notification-popover'));

/**
 * The bell of the consumer and business headers: the unread count, and the latest notifications
 * (new accounts, inquiries, dispute updates) when pressed. Its words come from the header's
 * translator `t` (portal namespace): the consumer's language, English for a business
 * (role-layout.tsx, decisions/047).
 */
export function NotificationBell({ t }: { t: TFunction }) {
  const [isPressed, setIsPressed] = useState(false);
  const list = useNotifications();
  const unread = list.data?.unread ?? 0;
  if (!isPressed)
    return (
      <BellButton
        t={t}
        unread={unread}
        aria-expanded={false}
        onClick={() => {
          void list.refetch();
          setIsPressed(true);
        }}
      />
    );
  return (
    <Suspense fallback={<BellButton t={t} unread={unread} aria-busy />}>
      <NotificationPopover t={t} />
    </Suspense>
  );
}
