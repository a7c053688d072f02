import { ChevronDown } from 'lucide-react';
import { Accordion } from 'radix-ui';
import { cn } from '@web/lib/utils';
import { BELOW_THE_FOLD } from './below-the-fold';
import { SectionHeading } from './section-heading';

/** The FAQ facts of spec section 2. */
const FAQS = [
  {
    q: 'What do I need to report a defaulter?',
    a: "The person's full name, address, at least one valid ID number (National ID, Driver's License or Passport), phone number, the default amount and the date of default.",
  },
  {
    q: 'How is my business verified?',
    a: 'We check your business registration documents, your tax identification and any supporting documents before your account can pull reports.',
  },
  {
    q: 'What happens when a consumer disputes an entry?',
    a: 'The entry is marked "disputed" at once and stays marked until the dispute is resolved. The lender that reported it must answer within the deadline.',
  },
  {
    q: 'How is personal information protected?',
    a: 'Personal ID information is partially masked whenever it is displayed, every access is recorded, and consumers can see who looked at their file.',
  },
  {
    q: 'How much does it cost?',
    a: 'Businesses pay a flat monthly fee of $250; checking your own credit as a consumer is always free. Payment is by bank transfer, mobile money or credit card.',
  },
];

export function FaqSection() {
  return (
    <section id="faq" aria-labelledby="faq-title" className={cn('border-t bg-muted/40 py-20', BELOW_THE_FOLD)}>
      <div className="mx-auto max-w-3xl px-4 sm:px-6 lg:px-8">
        <SectionHeading id="faq-title" eyebrow="FAQ" title="Frequently asked questions" />
        <Accordion.Root type="single" collapsible className="mt-10 divide-y rounded-xl border bg-card">
          {FAQS.map((item, index) => (
            <Accordion.Item key={item.q} value={`faq-${index}`}>
              <Accordion.Header>
                <Accordion.Trigger className="group flex w-full items-center justify-between gap-4 px-5 py-4 text-left font-medium hover:bg-muted/60 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring cursor-pointer">
                  {item.q}
                  <ChevronDown className="size-4 shrink-0 transition-transform group-data-[state=open]:rotate-180" aria-hidden />
                </Accordion.Trigger>
              </Accordion.Header>
              <Accordion.Content className="px-5 pb-4 text-sm text-muted-foreground">{item.a}</Accordion.Content>
            </Accordion.Item>
          ))}
        </Accordion.Root>
      </div>
    </section>
  );
}
