import { within } from '@testing-library/react';

/** On a phone's card (ResponsiveTable), the value shown beside a column's label. */
export const beside = (card: HTMLElement, label: string) => within(card).getByText(label).nextElementSibling;
