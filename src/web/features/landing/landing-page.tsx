import { useEffect } from 'react';
import { LANDING_HYDRATED_EVENT } from '@shared/landing-data';
import { PublicLayout } from '@web/components/layout/public-layout';
import { useWasServerRendered } from '@web/lib/hydration';
import { useScrollToHash } from '@web/lib/use-scroll-to-hash';
import { AboutSection } from './about-section';
import { FaqSection } from './faq-section';
import { FeaturesSection } from './features-section';
import { HeroSection } from './hero-section';
import { HowItWorksSection } from './how-it-works-section';
import { PricingSection } from './pricing-section';
import { StatsStrip } from './stats-strip';
import { TestimonialsSection } from './testimonials-section';

/** The landing page's eight sections, in the spec's order. */
export default function LandingPage() {
  // A page the server rendered was scrolled to its #section by the browser itself, long before
  // React took it over (on the visitor's first interaction): no scrolling back to it then.
  const wasServerRendered = useWasServerRendered();
  useScrollToHash(!wasServerRendered);
  // The server-rendered page's script (landing-boot.ts) replays the clicks it held until now.
  useEffect(() => {
    document.dispatchEvent(new Event(LANDING_HYDRATED_EVENT));
  }, []);
  return (
    <PublicLayout>
      <HeroSection />
      <StatsStrip />
      <FeaturesSection />
      <HowItWorksSection />
      <TestimonialsSection />
      <PricingSection />
      <AboutSection />
      <FaqSection />
    </PublicLayout>
  );
}
