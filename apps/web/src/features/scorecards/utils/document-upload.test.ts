import { QA_LIMITS, QA_TEXTS } from '@agaton/contracts';
import { describe, expect, it } from 'vitest';
import { exceedsCombinedLimit, formatBytes, uploadAll, uploadOutcome } from './document-upload';

const file = (name: string, size = 10) => new File([new Uint8Array(size)], name);

describe('document upload', () => {
  it('refuses more than 100 MB together, whatever each file weighs', () => {
    const half = { size: QA_LIMITS.maxDocumentsBytes / 2 };
    expect(exceedsCombinedLimit([half, half])).toBe(false);
    expect(exceedsCombinedLimit([half, half, { size: 1 }])).toBe(true);
  });

  it('sends every file in its own request at once and sorts them by outcome', async () => {
    const started: string[] = [];
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const pending = uploadAll([file('a.pdf'), file('b.docx'), file('c.txt')], async (f) => {
      started.push(f.name);
      await gate;
      if (f.name === 'b.docx') throw new Error('415');
      return f.name;
    });
    // All three were sent before any answered.
    await Promise.resolve();
    expect(started).toEqual(['a.pdf', 'b.docx', 'c.txt']);
    release();
    const result = await pending;
    expect(result.succeeded).toEqual(['a.pdf', 'c.txt']);
    expect(result.failed).toEqual(['b.docx']);
  });

  it('counts files the drop zone refused as failed', async () => {
    const result = await uploadAll([file('a.pdf')], async () => 'ok', ['virus.exe']);
    expect(result.failed).toEqual(['virus.exe']);
  });

  it('words the toast as the spec does', () => {
    expect(uploadOutcome(['a.pdf'], [])).toEqual({ color: 'green', message: QA_TEXTS.uploadSucceeded });
    expect(uploadOutcome([], ['a.pdf', 'b.txt'])).toEqual({
      color: 'red',
      message: QA_TEXTS.uploadAllFailed,
    });
    expect(uploadOutcome(['a.pdf'], ['b.txt', 'c.docx'])?.message).toBe(
      `${QA_TEXTS.uploadSomeFailed} b.txt, c.docx`,
    );
    expect(uploadOutcome([], [])).toBeNull();
  });

  it('shows sizes people read', () => {
    expect(formatBytes(512)).toBe('512 bytes');
    expect(formatBytes(2048)).toBe('2 KB');
    expect(formatBytes(5 * 1024 * 1024)).toBe('5.0 MB');
  });
});
