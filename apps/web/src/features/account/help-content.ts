import { PRODUCT_NAMES, TRIAL_GRANTS } from '@agaton/contracts';
import { paths } from '../../config/paths';

/** A link inside a help section: to a dashboard page, or 'contact' for the contact-sales form. */
export type HelpLink = { label: string; to: string } | { label: string; contact: true };

export interface HelpSection {
  id: string;
  title: string;
  paragraphs: string[];
  links?: HelpLink[];
}

/**
 * The help page, written for this product. The English test facts follow decision 015 and the trial
 * facts decision 017; the numbers come from the contracts so they cannot drift.
 */
export const HELP_SECTIONS: HelpSection[] = [
  {
    id: 'products',
    title: 'What each product does',
    paragraphs: [
      'Agaton assistant: the people in your organisation and their teams. Owners add members, turn coaching on or off within the licences, and organise teams; managers see their own teams.',
      `${PRODUCT_NAMES.recruitment}: a spoken English test for candidates. You send a test code, the candidate takes it in the browser, and you read a report with a CEFR rating, scores per skill and the words and sounds they found hard.`,
      `${PRODUCT_NAMES.training}: an English practice app for your trainees, with their progress on the dashboard.`,
      `${PRODUCT_NAMES.aiCoach}: your members record their meetings; Agaton scores how they spoke (pronunciation, fluency, pace, pauses) and coaches them on it.`,
    ],
    links: [
      { label: 'Open the Agaton assistant', to: paths.dashboardAssistant.href() },
      { label: `Open the ${PRODUCT_NAMES.recruitment}`, to: paths.dashboardTest.href() },
      { label: `Open the ${PRODUCT_NAMES.training}`, to: paths.dashboardTraining.href() },
    ],
  },
  {
    id: 'invite',
    title: 'Inviting a candidate',
    paragraphs: [
      `On the ${PRODUCT_NAMES.recruitment} page, choose Add user to add a candidate (name, e-mail, team), then Send test and pick the position. Each test sent uses one of your tests.`,
      'The candidate receives an e-mail from Agaton with the link to the test, the e-mail address and the test code to sign in with, and the date until which the code works (14 days after sending). It tells them the test has four parts, takes about 30 minutes and needs a microphone and a quiet place.',
      'Until the test is completed, the list shows the code (click to copy) and its status; afterwards it shows Used and the report opens.',
    ],
    links: [{ label: `Go to the ${PRODUCT_NAMES.recruitment}`, to: paths.dashboardTest.href() }],
  },
  {
    id: 'scoring',
    title: 'How the English test is scored',
    paragraphs: [
      'The test has four parts in order: Reading (sentences read aloud and scored by the speech engine), Listening (a spoken text and a multiple-choice question), Reading Comprehension (a short text and a multiple-choice question) and Free speech (one recorded answer on a topic).',
      'Reading, Listening and Reading Comprehension climb three levels: low, medium and advanced. A level scoring under 50 ends that part (the 50 guard); so does finishing the advanced level or running out of the part’s time. A part’s overall score is the mean of its completed levels, scaled by how many of the three levels were completed.',
      'Each part gets a CEFR level (A1–C2) from its level scores. The CEFR rating combines them: speaking (the Reading part) counts half, Listening and Reading Comprehension a quarter each, and the rating is kept within one level of speaking, so multiple-choice answers cannot lift it far above how the candidate speaks.',
      'The free answer feeds the speaking scores (pronunciation, fluency, pauses and the rest) and the overall score, but not the CEFR rating: the words an offline recogniser hears in free speech are not reliable enough to judge grammar or vocabulary.',
    ],
  },
  {
    id: 'colours',
    title: 'What the score colours mean',
    paragraphs: [
      'Scores run from 0 to 100. Red: under 50, a clear weakness. Orange: 50 to 89, workable but worth practice. Green: 90 and above, strong.',
    ],
  },
  {
    id: 'trials',
    title: 'Trials and limits',
    paragraphs: [
      `Each product has a free trial of ${TRIAL_GRANTS.days} days that the workspace owner starts from the product’s page. The ${PRODUCT_NAMES.recruitment} trial adds ${TRIAL_GRANTS.recruitmentTests} tests; the other trials allow ${TRIAL_GRANTS.extraUsers} more users.`,
      'When a trial ends you keep reading your results, but unused trial tests expire. Tests and licences are limited by your plan; when you reach a limit, Agaton shows the plans. Upgrades go through our sales team: use the contact form.',
    ],
    links: [{ label: 'Contact sales', contact: true }],
  },
  {
    id: 'privacy',
    title: 'Privacy of recordings',
    paragraphs: [
      'Recordings are scored by Agaton’s own speech engine on Agaton’s server; in the standard setup they are not sent to an outside speech service.',
      'A candidate’s counted recordings are kept with their test so the report can be checked; only admins of your organisation can open your candidates’ reports. Links to a meeting recording are signed and expire after a few hours.',
    ],
  },
  {
    id: 'contact',
    title: 'Contact',
    paragraphs: [
      'Questions, more tests or licences, or an upgrade: write to us and we answer within one working day.',
    ],
    links: [
      { label: 'Contact us', contact: true },
      { label: 'Your getting-started checklist', to: paths.dashboardOnboarding.href() },
      { label: 'My Account', to: paths.dashboardSettings.href() },
    ],
  },
];
