import { describe, expect, it } from 'vitest';
import { CONTENT, candidateTest, FINISHED, running, status } from '../candidate-fixtures.test-helper';
import { formatLimit, partsInTest, screenFor, secondsLeft, serverOffsetMs, totalMinutes } from './test-view';

describe('the runner screen from a status', () => {
  it('introduces a part not started, with how the previous one ended', () => {
    const screen = screenFor(candidateTest(status({ Reading: { ...FINISHED, finishReason: 'TIMES_UP' } })));
    expect(screen).toMatchObject({
      kind: 'intro',
      part: 'Listening',
      previous: { finishReason: 'TIMES_UP' },
    });
  });

  it('finds the current question, free speech at whatever level it was drawn', () => {
    const listening = screenFor(
      candidateTest(status({ Reading: FINISHED, Listening: running('l-MEDIUM', 60, { level: 'MEDIUM' }) })),
    );
    expect(listening).toMatchObject({
      kind: 'item',
      item: { kind: 'listening', audioUrl: expect.stringContaining('l-MEDIUM') },
    });
    const free = screenFor(
      candidateTest(
        status({
          Reading: FINISHED,
          Listening: FINISHED,
          ReadingComprehension: FINISHED,
          FreeSpeech: running('f-ADVANCED'),
        }),
      ),
    );
    expect(free).toMatchObject({
      kind: 'item',
      item: { kind: 'free-speech', text: 'Describe your ADVANCED working day.' },
    });
  });

  it('says so when the question is not in the drawn content, and when the test is over', () => {
    expect(screenFor(candidateTest(status({ Reading: running('nope') }))).kind).toBe('missing');
    const done = status({
      Reading: FINISHED,
      Listening: FINISHED,
      ReadingComprehension: FINISHED,
      FreeSpeech: FINISHED,
    });
    expect(screenFor(candidateTest(done)).kind).toBe('finished');
  });
});

it('leaves out a part the server could not give (listening without speech)', () => {
  const noListening = status({ Reading: FINISHED, Listening: { state: 'finished', total: 0 } });
  expect(partsInTest(noListening)).toEqual(['Reading', 'ReadingComprehension', 'FreeSpeech']);
  expect(screenFor(candidateTest(noListening))).toMatchObject({
    kind: 'intro',
    part: 'ReadingComprehension',
    previous: { part: 'Reading' },
  });
  expect(totalMinutes(CONTENT, partsInTest(noListening))).toBe(18);
});

describe('clock and time limits', () => {
  it('counts down by the server clock', () => {
    const now = Date.parse('2026-03-01T10:00:00Z');
    // Our clock is 90 s behind the server's.
    const offset = serverOffsetMs('2026-03-01T10:01:30Z', now);
    expect(offset).toBe(90_000);
    expect(secondsLeft('2026-03-01T10:05:00Z', offset, now)).toBe(210);
    expect(secondsLeft('2026-03-01T09:00:00Z', offset, now)).toBe(0);
  });

  it('says whole minutes in words and the rest as hh:mm:ss', () => {
    expect(formatLimit(360)).toBe('6 minutes');
    expect(formatLimit(60)).toBe('1 minute');
    expect(formatLimit(270)).toBe('00:04:30');
    expect(totalMinutes(CONTENT)).toBe(23);
  });
});
