import '@testing-library/jest-dom/vitest';
import { GOALS, type GoalId } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { GOAL_INVENTED_TEXTS as T } from '../texts';
import { GoalPicker } from './goal-picker';

const available = GOALS.map(({ goal, humanReadableGoalName }) => ({ goal, humanReadableGoalName }));
const nameOf = (id: GoalId) => GOALS.find((g) => g.goal === id)?.humanReadableGoalName ?? id;
const box = (id: GoalId) => screen.getByRole('checkbox', { name: nameOf(id) });

function Harness({ initial = [], onChange }: { initial?: GoalId[]; onChange?: (next: GoalId[]) => void }) {
  const [value, setValue] = useState<GoalId[]>(initial);
  return (
    <GoalPicker
      goals={available}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
}

const renderPicker = (props: Parameters<typeof Harness>[0] = {}) =>
  render(
    <MantineProvider>
      <Harness {...props} />
    </MantineProvider>,
  );

beforeEach(installDomShims);
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('goal picker', () => {
  it('shows every goal on offer as a card to tick, with the area it is measured by', () => {
    renderPicker();
    expect(screen.getAllByRole('checkbox')).toHaveLength(GOALS.length);
    for (const g of GOALS) expect(box(g.goal)).toHaveAttribute('aria-checked', 'false');
    expect(box('STEADY_PACE')).toHaveTextContent('Speaking pace');
    expect(box('TEST_PREP')).toHaveTextContent('Test preparation');
    expect(screen.getByTestId('goal-count')).toHaveTextContent(T.chosen(0));
  });

  it('ticks up to three goals in the order chosen, then disables the rest until one is unticked', () => {
    const onChange = vi.fn();
    renderPicker({ onChange });
    fireEvent.click(box('FEWER_FILLERS'));
    fireEvent.click(box('CLEARER_SOUNDS'));
    fireEvent.click(box('TEST_PREP'));
    expect(onChange).toHaveBeenLastCalledWith(['FEWER_FILLERS', 'CLEARER_SOUNDS', 'TEST_PREP']);
    expect(screen.getByTestId('goal-count')).toHaveTextContent(T.chosen(3));
    expect(screen.getByText(T.atLimit)).toBeInTheDocument();
    for (const g of GOALS) {
      const chosen = ['FEWER_FILLERS', 'CLEARER_SOUNDS', 'TEST_PREP'].includes(g.goal);
      expect(box(g.goal)).toHaveAttribute('aria-checked', String(chosen));
      if (chosen) expect(box(g.goal)).toBeEnabled();
      else expect(box(g.goal)).toBeDisabled();
    }

    fireEvent.click(box('SPEAK_UP_MORE'));
    expect(box('SPEAK_UP_MORE')).toHaveAttribute('aria-checked', 'false');
    expect(onChange).toHaveBeenCalledTimes(3);

    fireEvent.click(box('CLEARER_SOUNDS'));
    expect(onChange).toHaveBeenLastCalledWith(['FEWER_FILLERS', 'TEST_PREP']);
    expect(box('SPEAK_UP_MORE')).toBeEnabled();
    expect(screen.queryByText(T.atLimit)).not.toBeInTheDocument();
    fireEvent.click(box('SPEAK_UP_MORE'));
    expect(onChange).toHaveBeenLastCalledWith(['FEWER_FILLERS', 'TEST_PREP', 'SPEAK_UP_MORE']);
  });

  it('starts from the saved goals', () => {
    renderPicker({ initial: ['STEADY_PACE'] });
    expect(box('STEADY_PACE')).toHaveAttribute('aria-checked', 'true');
    expect(screen.getByTestId('goal-count')).toHaveTextContent(T.chosen(1));
  });
});
