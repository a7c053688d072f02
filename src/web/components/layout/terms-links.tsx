import { LEGAL_PAGES } from '@shared/app-routes';

const linkClass = 'font-medium text-primary underline underline-offset-2 hover:no-underline';

/**
 * The hint under a registration form's terms checkbox: the texts the person agrees to. They open in
 * a new tab, so reading them does not lose what was typed in the form.
 */
export function TermsLinks() {
  return (
    <>
      Read the{' '}
      <a href={LEGAL_PAGES.terms.path} target="_blank" rel="noopener" className={linkClass}>
        Terms of Service
      </a>{' '}
      and the{' '}
      <a href={LEGAL_PAGES.privacy.path} target="_blank" rel="noopener" className={linkClass}>
        Privacy Policy
      </a>{' '}
      (each opens in a new tab).
    </>
  );
}
