import type { ReactNode } from 'react';
import { useLocation } from 'wouter';
import { renderAllSections } from '@web/lib/lazy-sections';

/**
 * A link to a section of the landing page (#features, #about, #pricing): it scrolls when the
 * landing page is shown and otherwise goes there first (the landing page scrolls to the hash).
 */
export function SectionLink({
  section,
  className,
  onNavigate,
  children,
}: {
  section: string;
  className?: string;
  onNavigate?: () => void;
  children: ReactNode;
}) {
  const [location, navigate] = useLocation();
  return (
    <a
      href={`/#${section}`}
      className={className}
      onClick={(event) => {
        event.preventDefault();
        onNavigate?.();
        if (location === '/') {
          history.replaceState(history.state, '', `/#${section}`);
          renderAllSections();
          document.getElementById(section)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        } else {
          navigate(`/#${section}`);
        }
      }}
    >
      {children}
    </a>
  );
}
