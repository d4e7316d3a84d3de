import { PLANS, type PlanOffer, type User } from '@agaton/contracts';
import { SimpleGrid } from '@mantine/core';
import { useState } from 'react';
import { ContactSalesModal } from '../../../components/ui/contact-sales-modal';
import { PageHeader } from '../../../components/ui/page-header';
import { useCurrentPlan } from '../api/billing-api';
import { BILLING_LABELS } from '../texts';
import { CurrentPlanSummary } from './current-plan-summary';
import { PlanCard } from './plan-card';

/** /coach/pricing: the three plans of spec 1 §1, the coach's current plan, and contact sales. */
export function PricingPage({ user }: { user: User }) {
  const { data: plan } = useCurrentPlan();
  const [asked, setAsked] = useState<PlanOffer | null>(null);
  const [open, setOpen] = useState(false);
  const paying = plan?.subscription.status === 'ACTIVE' ? plan.subscription.planId : null;
  return (
    <>
      <PageHeader title={BILLING_LABELS.pricingTitle} description={BILLING_LABELS.pricingDescription} />
      {plan ? <CurrentPlanSummary plan={plan} /> : null}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="lg">
        {PLANS.map((offer) => (
          <PlanCard
            key={offer.id}
            plan={offer}
            current={paying === offer.id}
            onContactSales={(chosen) => {
              setAsked(chosen);
              setOpen(true);
            }}
          />
        ))}
      </SimpleGrid>
      <ContactSalesModal
        opened={open}
        onClose={() => setOpen(false)}
        email={user.email}
        name={user.firstName}
        planName={asked?.name}
        auth="user"
      />
    </>
  );
}
