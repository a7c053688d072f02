import { Link } from 'wouter';
import { LEGAL_PAGES } from '@shared/app-routes';
import { Brand } from './brand';
import { SectionLink } from './section-link';

const linkClass =
  'text-sm text-muted-foreground hover:text-foreground hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring rounded-sm';

function Column({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <div>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-3 space-y-2">{children}</ul>
    </div>
  );
}

/** The footer's link lists (spec section 2): Company, Services, Legal. */
export function SiteFooter() {
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-7xl gap-8 px-4 py-12 sm:px-6 md:grid-cols-4 lg:px-8">
        <div className="space-y-3">
          <Brand />
          <p className="text-sm text-muted-foreground">
            Sierra Leone&apos;s credit bureau: fair, accurate credit information for lenders and free access for every consumer.
          </p>
        </div>
        <Column title="Company">
          <li>
            <SectionLink section="about" className={linkClass}>
              About Us
            </SectionLink>
          </li>
          <li>
            <Link href="/why" className={linkClass}>
              Why a Credit Bureau
            </Link>
          </li>
          <li>
            <Link href="/help" className={linkClass}>
              Help Centre
            </Link>
          </li>
          <li>
            <SectionLink section="faq" className={linkClass}>
              FAQ
            </SectionLink>
          </li>
        </Column>
        <Column title="Services">
          {['Credit Checks', 'Default Reporting', 'Business Verification', 'Dispute Resolution'].map((label) => (
            <li key={label}>
              <SectionLink section="features" className={linkClass}>
                {label}
              </SectionLink>
            </li>
          ))}
        </Column>
        <Column title="Legal">
          {Object.values(LEGAL_PAGES).map(({ path, title }) => (
            <li key={path}>
              <Link href={path} className={linkClass}>
                {title}
              </Link>
            </li>
          ))}
        </Column>
      </div>
      <div className="border-t">
        {/* The server renders the landing page (decisions/018): its year and the browser's may differ on New Year's Eve. */}
        <p className="mx-auto max-w-7xl px-4 py-6 text-xs text-muted-foreground sm:px-6 lg:px-8" suppressHydrationWarning>
          © {new Date().getFullYear()} CreditCheck SL. Operating under the Credit Reference Act, 2011, supervised by the Bank of Sierra
          Leone.
        </p>
      </div>
    </footer>
  );
}
