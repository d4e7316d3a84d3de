import { type Admin, hasProductAccess, type Product } from '@agaton/contracts';
import { type ReactNode, useState } from 'react';
import { PlanPrompt } from './plan-prompt';
import { TrialEndedModal } from './trial-ended-modal';
import { TrialOffer } from './trial-offer';

/**
 * A product page behind its access (spec 2 §4): without access, the product's trial offer instead of
 * its content; with access, the plan line above the content and, once, the trial-ended modal.
 */
export function ProductGate({
  admin,
  product,
  counts,
  children,
}: {
  admin: Admin;
  product: Product;
  /** What the product runs out of, for the plan prompt. */
  counts: 'tests' | 'users';
  children: ReactNode;
}) {
  // Fixed at mount so the trial-started modal stays up while the new access arrives.
  const [offering, setOffering] = useState(() => !hasProductAccess(admin.productAccess[product]));
  if (offering) {
    return <TrialOffer admin={admin} products={[product]} onDone={() => setOffering(false)} />;
  }
  return (
    <>
      <PlanPrompt admin={admin} product={product} counts={counts} />
      {children}
      <TrialEndedModal admin={admin} product={product} />
    </>
  );
}
