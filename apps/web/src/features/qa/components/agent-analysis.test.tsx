import '@testing-library/jest-dom/vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { beside } from '../../../components/ui/responsive-table.test-helper';
import { adminPageHooks } from '../../../lib/admin-page-hooks.test-helper';
import { item, renderQa, SAM_ID, stubQaApi } from '../api/qa-fixtures.test-helper';
import { QA_LABELS as L } from '../texts';
import { recentPeriod } from '../utils/date-range';
import { AgentAnalysis, DataExplorer } from './agent-analysis';

const D = L.dashboard;
const A = L.alerts.columns;
const PAT_ID = '3e000000-0000-4000-8000-000000000002';

const question = (questionId: string, questionText: string, averageScore: number, counts: number[]) => {
  const [answers, red, yellow] = counts;
  return { questionId, questionText, presentationText: '', averageScore, answers, red, yellow, green: 0 };
};

describe('QA analysis on a phone', { timeout: 30_000 }, () => {
  adminPageHooks({ phone: true });

  it('shows each agent of the Data Explorer as a card, and a card chooses its agent', async () => {
    const onChoose = vi.fn();
    stubQaApi({});
    const agents = [
      { identityId: SAM_ID, name: 'Sam Seller', items: 12, averageScore: 74.4, red: 3, yellow: 2, green: 7 },
      { identityId: PAT_ID, name: 'Pat Prime', items: 0, averageScore: null, red: 0, yellow: 0, green: 0 },
    ];
    renderQa('/qa', '/qa', <DataExplorer agents={agents} onChoose={onChoose} />);

    const cards = await screen.findAllByTestId('qa-explorer-row');
    expect(cards).toHaveLength(2);
    // No table whose right-hand columns would sit off-screen.
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [sam, pat] = cards;
    expect(within(sam).getByRole('button', { name: D.chooseAgent('Sam Seller') })).toHaveTextContent(
      'Sam Seller',
    );
    expect(beside(sam, D.items)).toHaveTextContent('12');
    expect(beside(sam, D.score)).toHaveTextContent('74%');
    expect(beside(sam, A.red)).toHaveTextContent('3');
    expect(beside(sam, A.yellow)).toHaveTextContent('2');
    expect(beside(pat, D.score)).toHaveTextContent(D.noScore);

    // The agent's name chooses them once; so does the rest of the card.
    await userEvent.click(within(sam).getByRole('button', { name: D.chooseAgent('Sam Seller') }));
    expect(onChoose).toHaveBeenCalledTimes(1);
    expect(onChoose).toHaveBeenLastCalledWith({ id: SAM_ID, name: 'Sam Seller' });
    await userEvent.click(beside(pat, D.items) as HTMLElement);
    expect(onChoose).toHaveBeenCalledTimes(2);
    expect(onChoose).toHaveBeenLastCalledWith({ id: PAT_ID, name: 'Pat Prime' });
  });

  it("shows each of an agent's questions as a card headed by the question", async () => {
    const onRemove = vi.fn();
    stubQaApi({ 'GET /qa/items': { status: 200, body: { items: [item()], totalItemCount: 1 } } });
    const questions = [
      question('q-welcome', 'Did the agent welcome the customer?', 100, [6, 0, 0]),
      question('q-needs', "Did the agent ask about the customer's needs?", 37.5, [4, 2, 1]),
    ];
    renderQa(
      '/qa',
      '/qa',
      <AgentAnalysis
        agent={{ id: SAM_ID, name: 'Sam Seller' }}
        period={recentPeriod()}
        questions={questions}
        onRemove={onRemove}
      />,
    );

    const cards = await screen.findAllByTestId('qa-agent-question');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    const [welcome, needs] = cards;
    expect(within(welcome).getByText('Did the agent welcome the customer?')).toBeInTheDocument();
    expect(beside(welcome, D.score)).toHaveTextContent('100%');
    expect(beside(welcome, D.answers)).toHaveTextContent('6');
    expect(within(needs).getByText("Did the agent ask about the customer's needs?")).toBeInTheDocument();
    expect(beside(needs, D.score)).toHaveTextContent('38%');
    expect(beside(needs, D.answers)).toHaveTextContent('4');
    expect(beside(needs, A.red)).toHaveTextContent('2');
    expect(beside(needs, A.yellow)).toHaveTextContent('1');

    // The agent's recent items follow, and the chip still leads back to all agents.
    expect(await screen.findByRole('link', { name: 'Invoice complaint' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: D.removeAgent }));
    expect(onRemove).toHaveBeenCalledTimes(1);
  });
});
