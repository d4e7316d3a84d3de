import { describe, expect, it } from 'vitest';
import { FREE_SPEECH_TOPICS, READING_SETS } from '../tasks';
import { type FlowAction, type FlowState, flowReducer, initialFlow } from './flow';

const run = (state: FlowState, ...actions: FlowAction[]) => actions.reduce(flowReducer, state);
const reading = READING_SETS.business;
const topics = FREE_SPEECH_TOPICS;
const scoreAll = (tasks: readonly { _id: string }[], score: number): FlowAction[] =>
  tasks.map((t) => ({ type: 'scored', taskId: t._id, score }));

describe('demo flow', () => {
  it('moves from the last reading task to free speech, then to the results view', () => {
    let state = initialFlow({ mode: 'full', reading, topics });
    expect(state.phase).toBe('reading');
    state = run(state, ...scoreAll(reading, 92), ...reading.map((): FlowAction => ({ type: 'next' })));
    expect(state).toMatchObject({ phase: 'free-speech', index: 0 });
    state = run(state, ...scoreAll(topics, 92), ...topics.map((): FlowAction => ({ type: 'next' })));
    expect(state.phase).toBe('results');
    expect(state.result?.reading?.meta).toEqual({
      finishReason: 'FULL_COMPLETE',
      lastFinishLevel: 'ADVANCED',
      numberOfCompletedLevels: 3,
      numberOfLevels: 3,
      stopBecauseLowScore: false,
    });
    expect(state.result?.overallScore).toBe(92);
    expect(state.result?.cefr).toBe('C1'); // every level at 92: advanced below 95
  });

  it('has no back button outside free-speech-only mode', () => {
    const state = run(initialFlow({ mode: 'full', reading, topics }), { type: 'next' }, { type: 'back' });
    expect(state.index).toBe(1);
  });

  it('steps back and forward by index in free-speech-only mode', () => {
    const state = initialFlow({ mode: 'free-speech', reading: [], topics });
    expect(state.phase).toBe('free-speech');
    expect(run(state, { type: 'back' }).index).toBe(0);
    expect(run(state, { type: 'next' }, { type: 'next' }, { type: 'back' }).index).toBe(1);
  });

  it('builds a free-speech-only result when no reading was scored, with skipped levels lowering the score', () => {
    const state = run(
      initialFlow({ mode: 'free-speech', reading: [], topics }),
      { type: 'scored', taskId: topics[0]._id, score: 80 },
      { type: 'next' },
      { type: 'scored', taskId: topics[1]._id, score: 60 },
      { type: 'next' },
      { type: 'next' },
    );
    expect(state.phase).toBe('results');
    expect(state.result?.reading).toBeUndefined();
    expect(state.result?.freeSpeech?.meta.numberOfCompletedLevels).toBe(2);
    expect(state.result?.overallScore).toBe(Math.round(70 * (2 / 3)));
    expect(state.result?.cefr).toBe('A2');
  });

  it('keeps the better score of repeated attempts', () => {
    const state = run(
      initialFlow({ mode: 'full', reading, topics }),
      { type: 'scored', taskId: 'x', score: 80 },
      { type: 'scored', taskId: 'x', score: 40 },
    );
    expect(state.scores.x).toBe(80);
  });
});
