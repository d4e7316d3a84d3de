import '@testing-library/jest-dom/vitest';
import { CHAT_TEXTS } from '@agaton/contracts';
import { MantineProvider } from '@mantine/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactNode } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../lib/dom-shims.test-helper';
import { CHAT } from '../texts';
import { takeEvents } from '../utils/sse';
import { messageTime } from '../utils/timestamps';
import { Composer } from './composer';
import { DiagnosticPanel } from './diagnostic-panel';
import { FeedbackModal } from './feedback-modal';

const wrap = (node: ReactNode) => render(<MantineProvider>{node}</MantineProvider>);

beforeEach(() => {
  installDomShims();
  // Mantine's autosize textarea listens to document.fonts, which jsdom lacks.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', { value: new EventTarget(), configurable: true });
});
afterEach(() => cleanup());

describe('Composer', { timeout: 30_000 }, () => {
  it('sends on Enter, adds a line on Shift+Enter, and ignores empty text', async () => {
    const onSend = vi.fn(async () => true);
    wrap(<Composer placeholder="Ask" running={false} onSend={onSend} onStop={vi.fn()} />);
    const box = screen.getByRole('textbox', { name: 'Ask' });
    await userEvent.type(box, '   {Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.clear(box);
    await userEvent.type(box, 'first line{Shift>}{Enter}{/Shift}second line');
    expect(box).toHaveValue('first line\nsecond line');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.type(box, '{Enter}');
    expect(onSend).toHaveBeenCalledWith('first line\nsecond line');
    expect(box).toHaveValue('');
  });

  it('ignores sends while an answer runs and offers Stop instead', async () => {
    const onSend = vi.fn(async () => true);
    const onStop = vi.fn();
    wrap(<Composer placeholder="Ask" running onSend={onSend} onStop={onStop} />);
    await userEvent.type(screen.getByRole('textbox', { name: 'Ask' }), 'hello{Enter}');
    expect(onSend).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: CHAT.stop }));
    expect(onStop).toHaveBeenCalled();
  });
});

describe('FeedbackModal', { timeout: 30_000 }, () => {
  it('needs one of the five reasons and sends reason, separator line and trimmed comment', async () => {
    const onSubmit = vi.fn(async () => undefined);
    wrap(<FeedbackModal opened onClose={vi.fn()} onSubmit={onSubmit} />);
    for (const reason of CHAT_TEXTS.thumbsDownReasons)
      expect(screen.getByLabelText(reason)).toBeInTheDocument();
    const send = screen.getByRole('button', { name: CHAT.feedbackSubmit });
    expect(send).toBeDisabled();
    const comment = screen.getByPlaceholderText(CHAT_TEXTS.commentPlaceholder);
    expect(comment).toHaveAttribute('rows', '2');
    await userEvent.click(screen.getByLabelText('Confusing or unclear'));
    await userEvent.type(comment, '  too long  ');
    await userEvent.click(send);
    expect(onSubmit).toHaveBeenCalledWith('Confusing or unclear\n---\ntoo long');
  });
});

describe('message times and the event stream', { timeout: 30_000 }, () => {
  it('is relative under 48 hours and absolute past them', () => {
    const now = Date.parse('2026-11-25T12:00:00Z');
    expect(messageTime('2026-11-25T11:55:00Z', now)).toBe('5 minutes ago');
    expect(messageTime('2026-11-23T12:00:01Z', now)).toBe('2 days ago');
    expect(messageTime('2026-11-20T09:30:00Z', now)).toMatch(/^20 Nov 2026, \d{2}:30$/);
  });

  it('parses complete SSE events and keeps the unfinished rest', () => {
    const text =
      'event: delta\ndata: {"runId":"r","text":"Hello "}\n\nevent: incomplete\ndata: {"runId":"r","reason":"run_cancelled"}\n\nevent: del';
    const { events, rest } = takeEvents(text);
    expect(events).toEqual([
      { event: 'delta', data: { runId: 'r', text: 'Hello ' } },
      { event: 'incomplete', data: { runId: 'r', reason: 'run_cancelled' } },
    ]);
    expect(rest).toBe('event: del');
  });
});

describe('DiagnosticPanel', { timeout: 30_000 }, () => {
  it('lists the messages cut at 200 characters and each run with its steps', () => {
    const at = '2026-11-25T12:00:00.000Z';
    wrap(
      <DiagnosticPanel
        data={{
          thread: {
            threadId: 't',
            createdAt: at,
            updatedAt: at,
            summary: 'q',
            openaiThreadId: null,
            status: 'idle',
            error: null,
          },
          messages: [
            {
              messageId: 'm1',
              role: 'user',
              content: 'q'.repeat(250),
              createdAt: at,
              citations: [],
              userScore: null,
            },
          ],
          runs: [
            {
              runId: 'r1',
              status: 'incomplete',
              reason: 'run_cancelled',
              createdAt: at,
              endedAt: at,
              steps: [{ at, kind: 'question type', detail: 'score (keyword)' }],
            },
          ],
        }}
      />,
    );
    expect(screen.getByText(`${'q'.repeat(200)}…`)).toBeInTheDocument();
    expect(screen.getByText(/incomplete \(run_cancelled\)/)).toBeInTheDocument();
    expect(screen.getByText('question type: score (keyword)')).toBeInTheDocument();
  });
});
