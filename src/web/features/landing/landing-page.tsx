import { PublicLayout } from '@web/components/layout/public-layout';
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
  useScrollToHash();
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
