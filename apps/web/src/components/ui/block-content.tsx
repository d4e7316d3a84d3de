import { List, Text } from '@mantine/core';

/**
 * The content of a feedback or coaching block (spec 1 section 3 "blocks"): a single text is a
 * paragraph, several are bullets.
 */
export function BlockContent({ content }: { content: readonly string[] }) {
  if (content.length === 1) {
    return (
      <Text size="sm" lh={1.65} data-testid="block-paragraph">
        {content[0]}
      </Text>
    );
  }
  return (
    <List spacing={6} size="sm" data-testid="block-bullets">
      {content.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: texts may repeat; the list never reorders
        <List.Item key={i}>{item}</List.Item>
      ))}
    </List>
  );
}
