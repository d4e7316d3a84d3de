import '@testing-library/jest-dom/vitest';
import type { ChatMentions } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { CHAT } from '../texts';
import { Composer } from './composer';
import { HelpPopup } from './help-popup';

const wrap = (node: ReactNode) => render(<MantineProvider env="test">{node}</MantineProvider>);

const mentions: ChatMentions = {
  people: [
    { id: 'm1', name: 'Casey Coach', teams: ['Sales'] },
    { id: 'm2', name: 'Parker Support', teams: ['Support'] },
    { id: 'm3', name: 'Sam Seller', teams: ['Sales'] },
  ],
  teams: [
    { id: 't1', name: 'Sales' },
    { id: 't2', name: 'Support' },
  ],
};

beforeEach(() => {
  installDomShims();
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => cleanup());

function admin() {
  const onSend = vi.fn(async () => true);
  wrap(<Composer placeholder="Ask" running={false} onSend={onSend} onStop={vi.fn()} mentions={mentions} />);
  return { onSend, box: screen.getByRole('textbox', { name: 'Ask' }) };
}
const optionNames = () => screen.getAllByRole('option').map((o) => o.textContent);

describe('Composer mentions', { timeout: 30_000 }, () => {
  it('offers the agents matching what follows @; Enter inserts the name instead of sending', async () => {
    const { onSend, box } = admin();
    await userEvent.type(box, 'How is @ca');
    expect(optionNames()).toEqual(['@Casey CoachSales']);
    await userEvent.keyboard('{Enter}');
    expect(box).toHaveValue('How is @Casey Coach ');
    expect(onSend).not.toHaveBeenCalled();
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
    await userEvent.type(box, 'doing?{Enter}');
    expect(onSend).toHaveBeenCalledWith('How is @Casey Coach doing?', [
      { sign: '@', id: 'm1', name: 'Casey Coach' },
    ]);
  });

  it('sends the id of the one picked when two people share a name', async () => {
    const onSend = vi.fn(async () => true);
    const twins: ChatMentions = {
      people: [
        { id: 'a1', name: 'Alex Agent', teams: ['North'] },
        { id: 'a2', name: 'Alex Agent', teams: ['South'] },
      ],
      teams: [],
    };
    wrap(<Composer placeholder="Ask" running={false} onSend={onSend} onStop={vi.fn()} mentions={twins} />);
    const box = screen.getByRole('textbox', { name: 'Ask' });
    await userEvent.type(box, 'How is @al');
    expect(optionNames()).toEqual(['@Alex AgentNorth', '@Alex AgentSouth']);
    await userEvent.click(screen.getAllByRole('option')[1]);
    await userEvent.type(box, 'doing?{Enter}');
    expect(onSend).toHaveBeenCalledWith('How is @Alex Agent doing?', [
      { sign: '@', id: 'a2', name: 'Alex Agent' },
    ]);
    // A name typed by hand (not picked) goes as text only: the server asks which one.
    await userEvent.type(box, 'Is Alex Agent improving?{Enter}');
    expect(onSend).toHaveBeenLastCalledWith('Is Alex Agent improving?');
  });

  it('offers the teams after #, matching any word, and takes a click', async () => {
    const { box } = admin();
    await userEvent.type(box, 'Compare #');
    expect(optionNames()).toEqual(['#Sales', '#Support']);
    await userEvent.type(box, 'su');
    expect(optionNames()).toEqual(['#Support']);
    await userEvent.click(screen.getByRole('option', { name: '#Support' }));
    expect(box).toHaveValue('Compare #Support ');
    expect(box).toHaveFocus();
  });

  it('moves through the list with the arrows and takes the highlighted name with Tab', async () => {
    const { box } = admin();
    await userEvent.type(box, '@');
    expect(optionNames()).toHaveLength(3);
    await userEvent.keyboard('{ArrowDown}');
    await userEvent.keyboard('{Tab}');
    expect(box).toHaveValue('@Parker Support ');
  });

  it('closes on Escape and keeps the text; Enter then sends it', async () => {
    const { onSend, box } = admin();
    await userEvent.type(box, 'Who is @Sam');
    expect(screen.getByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
    await userEvent.keyboard('{Enter}');
    expect(onSend).toHaveBeenCalledWith('Who is @Sam');
  });

  it('gives coaches no @ or # list', async () => {
    const onSend = vi.fn(async () => true);
    wrap(<Composer placeholder="Ask" running={false} onSend={onSend} onStop={vi.fn()} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask' }), 'my @ and #');
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument();
  });
});

describe('HelpPopup', { timeout: 30_000 }, () => {
  it('tells admins to tag agents with @ and teams with # using their own names; closes on Escape and outside', async () => {
    wrap(
      <div>
        <p>outside</p>
        <HelpPopup admin examples={['Who needs coaching in #Sales?']} agent="Casey Coach" team="Sales" />
      </div>,
    );
    const help = screen.getByRole('button', { name: CHAT.help });
    await userEvent.click(help);
    expect(screen.getByText(CHAT.helpAdminMentions('Casey Coach', 'Sales'))).toBeVisible();
    expect(screen.getByText('Who needs coaching in #Sales?')).toBeVisible();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByText(CHAT.helpAdmin)).not.toBeInTheDocument());
    await userEvent.click(help);
    expect(screen.getByText(CHAT.helpAdmin)).toBeVisible();
    await userEvent.click(screen.getByText('outside'));
    await waitFor(() => expect(screen.queryByText(CHAT.helpAdmin)).not.toBeInTheDocument());
  });

  it('gives coaches personal examples and no word of tagging', async () => {
    wrap(<HelpPopup admin={false} examples={CHAT.examplesCoach} />);
    await userEvent.click(screen.getByRole('button', { name: CHAT.help }));
    expect(screen.getByText(CHAT.examplesCoach[0])).toBeVisible();
    expect(screen.queryByText(/Tag an agent/)).not.toBeInTheDocument();
  });
});
