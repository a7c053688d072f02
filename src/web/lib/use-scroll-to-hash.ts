import { useEffect } from 'react';
import { renderAllSections } from './lazy-sections';

/** Scrolls to the element named by the URL's hash once the page has rendered (links such as /#pricing). */
export function useScrollToHash(isReady = true) {
  useEffect(() => {
    if (!isReady) return;
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (!id) return;
    const frame = requestAnimationFrame(() => {
      renderAllSections();
      document.getElementById(id)?.scrollIntoView({ block: 'start' });
    });
    return () => cancelAnimationFrame(frame);
  }, [isReady]);
}
