import '@testing-library/jest-dom/vitest';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { beside } from '../../../components/ui/responsive-table.test-helper';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { CONTENT, renderPage } from '../api/recruitment-fixtures.test-helper';
import { RT_LABELS } from '../texts';
import { TestContentSummary } from './test-content-summary';

describe('test content on a phone', { timeout: 30_000 }, () => {
  beforeEach(() => {
    installDomShims({ phone: true });
  });
  afterEach(() => {
    cleanup();
    vi.unstubAllGlobals();
  });

  it("shows each level of a position's pools as a card headed by the level", async () => {
    renderPage('/t', '/t', <TestContentSummary content={CONTENT} />);

    const positions = await screen.findAllByTestId('content-position');
    expect(positions).toHaveLength(2);
    // No table whose right-hand pools (comprehension, topics) would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();

    const levels = within(positions[0]).getAllByTestId('content-level');
    expect(levels.map((l) => l.dataset.level)).toEqual(['LOW', 'MEDIUM', 'ADVANCED']);
    expect(levels.map((l) => l.firstElementChild?.textContent)).toEqual([
      'Beginner',
      'Intermediate',
      'Advanced',
    ]);
    const [beginner] = levels;
    expect(beside(beginner, RT_LABELS.sentences)).toHaveTextContent(`3 · ${RT_LABELS.asks(2)}`);
    expect(beside(beginner, RT_LABELS.listening)).toHaveTextContent(`2 · ${RT_LABELS.asks(1)}`);
    expect(beside(beginner, RT_LABELS.comprehension)).toHaveTextContent(`1 · ${RT_LABELS.asks(1)}`);
    expect(beside(beginner, RT_LABELS.topics)).toHaveTextContent('1');
    // The time limits stay above the positions.
    expect(screen.getByTestId('time-limit-ReadingComprehension')).toHaveTextContent('00:10:00');
  });
});
