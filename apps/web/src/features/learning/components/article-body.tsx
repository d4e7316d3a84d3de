import { PRACTISE_HEADING, splitPractise } from '@agaton/contracts';
import { Group, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMicrophone } from '@tabler/icons-react';
import { SafeMarkdown } from '../../../components/ui/safe-markdown';
import { LEARNING_INVENTED_TEXTS as T } from '../texts';
import classes from './article-body.module.css';

/** An article's markdown with its 'Practise aloud' section set apart as a panel to read from. */
export function ArticleBody({ content }: { content: string }) {
  const { before, practise, after } = splitPractise(content);
  return (
    <div data-testid="article-content">
      <div className={classes.prose}>
        <SafeMarkdown>{before}</SafeMarkdown>
      </div>
      {practise !== null && (
        <section className={classes.practise} aria-labelledby="practise-aloud" data-testid="practise-section">
          <Group gap="sm" mb="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="xl" aria-hidden>
              <IconMicrophone size={20} />
            </ThemeIcon>
            <div>
              <Title order={2} fz="xl" id="practise-aloud">
                {PRACTISE_HEADING}
              </Title>
              <Text size="sm" c="brand.8">
                {T.practiseHint}
              </Text>
            </div>
          </Group>
          <div className={classes.prose}>
            <SafeMarkdown>{practise}</SafeMarkdown>
          </div>
        </section>
      )}
      {after && (
        <div className={classes.prose}>
          <SafeMarkdown>{after}</SafeMarkdown>
        </div>
      )}
    </div>
  );
}
