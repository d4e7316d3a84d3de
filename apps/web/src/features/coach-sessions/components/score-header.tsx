import { Card, Group, Text } from '@mantine/core';
import { ScoreCircle } from '../../../components/ui/score-circle';

/** A sub-profile's score circle with its explanation. */
export function ScoreHeader({
  score,
  label,
  explanation,
}: {
  score: number;
  label: string;
  explanation: string;
}) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="score-header">
      <Group wrap="nowrap" gap="xl" align="center">
        <ScoreCircle score={score} label={label} size={112} testId="tab-score" labelPosition="below" />
        <Text size="sm" lh={1.65} style={{ flex: 1 }}>
          {explanation}
        </Text>
      </Group>
    </Card>
  );
}
