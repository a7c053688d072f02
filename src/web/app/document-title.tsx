import { useEffect } from 'react';
import { useLocation } from 'wouter';
import { documentTitleOf } from '@shared/app-routes';

/** Names the browser tab after the page ("Customer Search · CreditCheck SL"), from the one route list the server also reads. */
export function DocumentTitle() {
  const [location] = useLocation();
  useEffect(() => {
    document.title = documentTitleOf(location);
  }, [location]);
  return null;
}
