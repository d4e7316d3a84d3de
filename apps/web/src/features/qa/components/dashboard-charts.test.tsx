import '@testing-library/jest-dom/vitest';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { wrapLabel } from '../utils/axis-label';
import { QuestionTick } from './dashboard-charts';

const QUESTION = 'If the customer objected to the price, did the agent offer a discount or a cheaper option?';

describe('QA Item Performance axis', () => {
  afterEach(cleanup);

  it('shows a question on whole-word lines, and the whole question on hover', () => {
    render(
      <svg aria-label="Item performance">
        <title>Item performance</title>
        <QuestionTick x={250} y={40} payload={{ value: QUESTION }} lines={wrapLabel(QUESTION, 38, 3)} />
      </svg>,
    );
    const tick = screen.getByTestId('question-tick');
    const lines = Array.from(tick.querySelectorAll('tspan'), (t) => t.textContent);
    expect(lines).toEqual([
      'If the customer objected to the price,',
      'did the agent offer a discount or a',
      'cheaper option?',
    ]);
    expect(lines.join(' ')).toBe(QUESTION);
    expect(tick.querySelector('title')).toHaveTextContent(QUESTION);
    // Lines stack around the bar's middle, 14 px apart.
    expect(Array.from(tick.querySelectorAll('tspan'), (t) => t.getAttribute('y'))).toEqual([
      '-14',
      '0',
      '14',
    ]);
  });
});
