import '@testing-library/jest-dom/vitest';
import {
  Badge,
  Button,
  DEFAULT_THEME,
  FileInput,
  MantineProvider,
  Menu,
  Modal,
  Pagination,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { cleanup, render, screen, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { installDomShims } from '../lib/dom-shims.test-helper';
import { cssVariablesResolver, theme } from './theme';
import { AA, contrast, DIMMED, LIGHT_BACKGROUNDS } from './theme-colours';

installDomShims();
afterEach(cleanup);

const palettes = Object.entries(theme.colors ?? {}) as [string, readonly string[]][];
const WHITE = '#ffffff';
const BLACK = '#000000';

describe('theme colours (WCAG 2.1 AA, 4.5:1 for text)', () => {
  it.each(palettes)('%s: the text shades 7–9 read on white and on the palette’s tints', (_, p) => {
    for (const shade of [7, 8, 9]) {
      for (const bg of [WHITE, p[0], p[1]]) expect(contrast(p[shade], bg)).toBeGreaterThanOrEqual(AA);
    }
    // The light variant: shade 9 on shade 1, and on shade 2 when hovered.
    expect(contrast(p[9], p[2])).toBeGreaterThanOrEqual(AA);
    // Darker as the shade number grows.
    expect(contrast(p[8], WHITE)).toBeGreaterThanOrEqual(contrast(p[7], WHITE));
    expect(contrast(p[9], WHITE)).toBeGreaterThanOrEqual(contrast(p[8], WHITE));
  });

  it('keeps Mantine’s fills and tints (shades 0–6) as they are', () => {
    for (const [name, p] of palettes) {
      if (name === 'brand') continue;
      expect(p.slice(0, 7)).toEqual(DEFAULT_THEME.colors[name as 'red'].slice(0, 7));
    }
  });

  it('darkens dimmed text to read on white, the page grey and every light tint', () => {
    expect(contrast(DEFAULT_THEME.colors.gray[6], WHITE)).toBeLessThan(AA);
    for (const bg of LIGHT_BACKGROUNDS) expect(contrast(DIMMED, bg)).toBeGreaterThanOrEqual(AA);
    const vars = cssVariablesResolver(theme as never).light;
    expect(vars['--mantine-color-dimmed']).toBe(DIMMED);
    expect(vars['--mantine-color-red-text']).toBe('var(--mantine-color-red-7)');
    expect(vars['--mantine-color-orange-outline']).toBe('var(--mantine-color-orange-7)');
  });
});

function Themed({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver}>
      {children}
    </MantineProvider>
  );
}

/** The text colour a filled component was given, resolved to a hex value. */
const textOn = (element: HTMLElement, variable: string) =>
  element.style.getPropertyValue(variable).includes('black') ? BLACK : WHITE;

describe('filled buttons and badges', () => {
  it.each(palettes)('%s: the text on the fill reads at 4.5:1 or more', (name, p) => {
    render(
      <Themed>
        <Badge color={name}>Flag</Badge>
        <Button color={name}>Save</Button>
      </Themed>,
    );
    const badge = screen.getByText('Flag').closest('.mantine-Badge-root') as HTMLElement;
    const button = screen.getByRole('button', { name: 'Save' });
    expect(contrast(textOn(badge, '--badge-color'), p[6])).toBeGreaterThanOrEqual(AA);
    expect(contrast(textOn(button, '--button-color'), p[6])).toBeGreaterThanOrEqual(AA);
  });
});

describe('controls Mantine draws without a name', () => {
  it('names the pagination arrows', () => {
    render(
      <Themed>
        <Pagination total={3} withEdges />
      </Themed>,
    );
    for (const name of ['First page', 'Previous page', 'Next page', 'Last page']) {
      expect(screen.getByRole('button', { name })).toBeInTheDocument();
    }
  });

  it('names the clear button of a date input', () => {
    render(
      <Themed>
        <DatePickerInput label="Period" clearable value="2026-01-05" onChange={() => {}} />
      </Themed>,
    );
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
  });

  it("names a file input's clear button and a modal's close button", () => {
    const file = new File(['x'], 'call.mp3', { type: 'audio/mpeg' });
    render(
      <Themed>
        <FileInput label="Recording" clearable value={file} onChange={() => {}} />
        <Modal opened onClose={() => {}} title="Upload call">
          Body
        </Modal>
      </Themed>,
    );
    expect(screen.getByRole('button', { name: 'Clear' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Close dialog' })).toBeInTheDocument();
  });

  it('opens a menu whose children are all menu items (no focus placeholder)', () => {
    render(
      <Themed>
        <Menu opened>
          <Menu.Target>
            <Button>Account</Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item>Your goals</Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Themed>,
    );
    const menu = screen.getByRole('menu', { hidden: true });
    expect(menu.querySelector('[role="presentation"][tabindex]')).toBeNull();
    expect(within(menu).getByRole('menuitem', { name: 'Your goals', hidden: true })).toBeInTheDocument();
  });
});
