/* Kept apart from the modal (no JSX) so the Playwright journeys can import them too. */

/** Labels of the upgrade modal that the spec does not fix. */
export const UPGRADE_LABELS = {
  title: 'Compare plans',
  intro: 'Every plan is set up with our sales team: tell us what you need and we will get back to you.',
  priceOnRequest: 'Price on request',
  price: (euros: number) => `€${euros}`,
} as const;
