import { buildUser, FACTORY_PASSWORD } from '@agaton/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../testing/test-app.ts';
import { S, TH, word } from '../speaking/session-metrics.test-helper.ts';
import { addSession, ask, firstThread } from './chat.test-helper.ts';

// Issue 28: "Which sounds should I practise?" named a sound averaging 93. The sounds and words to
// practise are only those still averaging at or below the challenging threshold (80).

const DAY = 24 * 3600 * 1000;
const TH_LABEL = '/θ/ ("th" as in "think")';
const S_LABEL = '/s/ ("s" as in "sun")';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ CHAT_STREAM_DELAY_MS: '0' });
});
afterAll(() => t.close());

/** A coach with four sessions: /s/ and "team" were low once, then fine (average above 80). */
async function coachWith(options: { thScore: number }) {
  const coach = await buildUser(t.db, { password: FACTORY_PASSWORD });
  for (const [daysAgo, sScore, teamScore] of [
    [4, 70, 60],
    [3, 97, 96],
    [2, 97, 97],
    [1, 97, 96],
  ]) {
    await addSession(
      t.db,
      coach.id,
      new Date(Date.now() - daysAgo * DAY),
      { total: 80 },
      {
        phonemes: [TH(options.thScore, ['three', 'think']), S(sScore)],
        words: [word('three', options.thScore, 2), word('team', teamScore, 2)],
      },
    );
  }
  const token = (await signIn(t.app, coach.email, FACTORY_PASSWORD)).accessToken;
  return { token, threadId: await firstThread(t.app, token) };
}

describe('Ask Agaton: what to practise', () => {
  it('names only the sounds and words that still average 80 or below', async () => {
    const { token, threadId } = await coachWith({ thScore: 62 });
    const sounds = await ask(t.app, token, threadId, 'Which sounds should I practise?');
    expect(sounds.text).toContain('The sounds to practise');
    expect(sounds.text).toContain(`**${TH_LABEL}**: average 62`);
    expect(sounds.text).not.toContain(S_LABEL);
    const words = await ask(t.app, token, threadId, 'Which words do I mispronounce?');
    expect(words.text).toContain('**three**: average 62');
    expect(words.text).not.toContain('**team**');
  });

  it('says truthfully that no sound scored 80 or below when none still does', async () => {
    const { token, threadId } = await coachWith({ thScore: 95 });
    const sounds = await ask(t.app, token, threadId, 'Which sounds should I practise?');
    expect(sounds.text).toMatch(/^No sound scored 80 or below in 4 sessions/);
    expect(sounds.text).not.toContain(S_LABEL);
  });
});
