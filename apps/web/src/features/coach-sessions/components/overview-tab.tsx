import type { SessionProfile } from '@agaton/contracts';
import { Blockquote, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconBulb } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { BlockContent } from '../../../components/ui/block-content';
import { RecommendedArticles } from '../../../components/ui/recommended-articles';
import { ScoreCircle } from '../../../components/ui/score-circle';
import { ApproximateTranscriptNote, TranscriptWords } from '../../../components/ui/transcript-text';
import { FEEDBACK_SECTIONS as S } from '../texts';
import type { FeedbackTab } from '../utils/feedback-tabs';
import { SAMPLE_WORDS, transcriptSample } from '../utils/timed-words';
import { BulletIcon, Bullets, Section } from './feedback-parts';

const BREAKDOWN = [
  ['pronunciation', 'pronunciationProfile', S.pronunciation],
  ['fluency', 'fluencyProfile', S.fluency],
  ['intelligibility', 'intelligibillityProfile', S.intelligibility],
] as const;

/** The analysis may write its own transcript sample as a block: shown as a quote, and only once. */
const isTranscriptBlock = (header: string) => /transcript/i.test(header);

function Quote({ children }: { children: ReactNode }) {
  return (
    <Blockquote color="brand" p="md" fz="sm" lh={1.7} data-testid="transcript-sample-text">
      {children}
    </Blockquote>
  );
}

/**
 * The transcript sample: from the timed words when the session has them (the words the recogniser
 * was unsure of marked, and a note when most were), else the analysis's plain text.
 */
function TranscriptSample({ profile, text }: { profile: SessionProfile; text: string }) {
  if (profile.words.length === 0) return <Quote>{text}</Quote>;
  return (
    <Stack gap="xs">
      <ApproximateTranscriptNote words={profile.words} />
      <Quote>
        <TranscriptWords words={profile.words.slice(0, SAMPLE_WORDS)} />
        {profile.words.length > SAMPLE_WORDS ? '…' : ''}
      </Quote>
    </Stack>
  );
}

/** Overview: evaluation, description blocks, key takeaways, a transcript sample and the breakdown. */
export function OverviewTab({
  profile,
  onOpenTab,
}: {
  profile: SessionProfile;
  onOpenTab: (tab: FeedbackTab) => void;
}) {
  const scores = BREAKDOWN.flatMap(([tab, key, label]) => {
    const sub = profile.subProfiles[key];
    return sub ? [{ tab, label, score: sub.overallScore }] : [];
  });
  return (
    <Stack gap="md">
      {scores.length > 0 && (
        <Section title={S.scores} testId="breakdown">
          <SimpleGrid cols={{ base: scores.length, xs: scores.length }} spacing="xs">
            {scores.map(({ tab, label, score }) => (
              <UnstyledButton
                key={tab}
                onClick={() => onOpenTab(tab)}
                style={{ display: 'flex', justifyContent: 'center', borderRadius: 12 }}
                // The name starts with what is shown (score, then label), for speech input (WCAG 2.5.3).
                aria-label={`${Math.round(score)} ${label}: open the ${label} tab`}
              >
                <ScoreCircle
                  score={score}
                  label={label}
                  size={104}
                  testId={`breakdown-${tab}`}
                  labelPosition="below"
                />
              </UnstyledButton>
            ))}
          </SimpleGrid>
        </Section>
      )}
      {profile.evaluation && (
        <Section title={S.evaluation} testId="evaluation">
          <Text size="sm" lh={1.65}>
            {profile.evaluation}
          </Text>
        </Section>
      )}
      {profile.highlights.length > 0 && (
        <Section title={S.keyTakeaways} testId="key-takeaways">
          <Bullets
            items={profile.highlights}
            icon={
              <BulletIcon color="yellow">
                <IconBulb size={13} />
              </BulletIcon>
            }
          />
        </Section>
      )}
      {profile.blocks.map((block, i) =>
        isTranscriptBlock(block.header) ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; blocks never reorder
          <Section key={i} title={block.header} testId="transcript-sample">
            <TranscriptSample profile={profile} text={block.content.join(' ')} />
          </Section>
        ) : (
          // biome-ignore lint/suspicious/noArrayIndexKey: headers may repeat; blocks never reorder
          <Section key={i} title={block.header} testId="feedback-block">
            <BlockContent content={block.content} />
          </Section>
        ),
      )}
      {profile.transcript && !profile.blocks.some((b) => isTranscriptBlock(b.header)) && (
        <Section title={S.transcriptSample} testId="transcript-sample">
          <TranscriptSample profile={profile} text={transcriptSample(profile.transcript)} />
        </Section>
      )}
      <RecommendedArticles articles={profile.recommendedArticles} />
    </Stack>
  );
}
