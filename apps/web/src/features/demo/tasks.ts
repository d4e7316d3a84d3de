/** Demo task sets (spec 3 section 3.10): reading sentences by level, then free-speech topics. */
import { DEMO_FREE_SPEECH_TOPICS } from '@agaton/contracts';

export type DemoLevel = 'LOW' | 'MEDIUM' | 'ADVANCED';
export const DEMO_LEVELS: readonly DemoLevel[] = ['LOW', 'MEDIUM', 'ADVANCED'];

export interface ReadingTask {
  _id: string;
  type: 'Speaking';
  level: DemoLevel;
  data: { sentence: string };
}

export interface FreeSpeechTask {
  _id: string;
  type: 'FreeSpeech';
  level: DemoLevel;
  data: { topic: string };
}

export type DemoTask = ReadingTask | FreeSpeechTask;

const reading = (_id: string, level: DemoLevel, sentence: string): ReadingTask => ({
  _id,
  type: 'Speaking',
  level,
  data: { sentence },
});

const topic = (_id: string, level: DemoLevel, text: string): FreeSpeechTask => ({
  _id,
  type: 'FreeSpeech',
  level,
  data: { topic: text },
});

/** Sentences grow in length, clause count and vocabulary from LOW to ADVANCED. */
export const READING_SETS: Record<'business' | 'investment' | 'talent', readonly ReadingTask[]> = {
  business: [
    reading('business-low-1', 'LOW', 'We start our team meeting at nine every Monday.'),
    reading('business-low-2', 'LOW', 'Please send me the new price list by Friday.'),
    reading(
      'business-medium-1',
      'MEDIUM',
      'Our customers want faster delivery, so we are opening a second warehouse.',
    ),
    reading(
      'business-medium-2',
      'MEDIUM',
      'If the client agrees to the proposal, we can sign the contract next week.',
    ),
    reading(
      'business-advanced-1',
      'ADVANCED',
      'Although revenue grew steadily this quarter, rising costs have narrowed our operating margin considerably.',
    ),
    reading(
      'business-advanced-2',
      'ADVANCED',
      'Negotiating a long-term partnership requires patience, transparency and a thorough understanding of both organizations.',
    ),
  ],
  investment: [
    reading('investment-low-1', 'LOW', 'The founders showed us a clear plan for next year.'),
    reading('investment-low-2', 'LOW', 'We meet new start-ups in our office every week.'),
    reading(
      'investment-medium-1',
      'MEDIUM',
      'The company doubled its sales last year and now needs capital to grow abroad.',
    ),
    reading(
      'investment-medium-2',
      'MEDIUM',
      'Before we invest, our analysts review the market, the product and the team.',
    ),
    reading(
      'investment-advanced-1',
      'ADVANCED',
      'Our thesis focuses on software businesses with recurring revenue and remarkably efficient customer acquisition.',
    ),
    reading(
      'investment-advanced-2',
      'ADVANCED',
      'A disciplined valuation considers competitive dynamics, regulatory exposure and the realistic timing of an exit.',
    ),
  ],
  talent: [
    reading('talent-low-1', 'LOW', 'I like working with people from other countries.'),
    reading('talent-low-2', 'LOW', 'My last project was a website for a small shop.'),
    reading(
      'talent-medium-1',
      'MEDIUM',
      'I usually plan my week on Monday and share my progress with the team every Friday.',
    ),
    reading(
      'talent-medium-2',
      'MEDIUM',
      'When a deadline changes, I explain the risks to the client and suggest a new schedule.',
    ),
    reading(
      'talent-advanced-1',
      'ADVANCED',
      'Working remotely taught me to communicate proactively and to document every important decision carefully.',
    ),
    reading(
      'talent-advanced-2',
      'ADVANCED',
      'I am particularly interested in roles where technical expertise and thoughtful collaboration create measurable results.',
    ),
  ],
};

/** Open topics a visitor can answer for thirty seconds to a minute without preparation. */
export const FREE_SPEECH_TOPICS: readonly FreeSpeechTask[] = [
  topic('topic-low-1', 'LOW', DEMO_FREE_SPEECH_TOPICS.LOW),
  topic('topic-medium-1', 'MEDIUM', DEMO_FREE_SPEECH_TOPICS.MEDIUM),
  topic('topic-advanced-1', 'ADVANCED', DEMO_FREE_SPEECH_TOPICS.ADVANCED),
];
