import { type AvailableGoal, type GoalId, MAX_GOALS } from '@agaton/contracts';
import { Checkbox, Group, SimpleGrid, Stack, Text, ThemeIcon } from '@mantine/core';
import { GOAL_INVENTED_TEXTS as T } from '../texts';
import { goalDisplay } from '../utils/goal-focus';
import { isGoalSelectable, toggleGoal } from '../utils/selection';
import classes from './goal-picker.module.css';

interface GoalPickerProps {
  /** The goals on offer, in the order to show them. */
  goals: readonly AvailableGoal[];
  /** Chosen goal ids, in the order they were chosen. */
  value: readonly GoalId[];
  onChange: (next: GoalId[]) => void;
  /** Everything read-only (while saving). */
  disabled?: boolean;
  /** Cards per row from the small breakpoint up (phones always get one). */
  columns?: 1 | 2;
}

/**
 * The goals as cards to tick, one to three (spec 1 §5): at three the other cards are disabled until
 * one is unticked. Each card shows the icon and caption of the area the goal is measured by.
 */
export function GoalPicker({ goals, value, onChange, disabled = false, columns = 2 }: GoalPickerProps) {
  const atLimit = value.length >= MAX_GOALS;
  return (
    <Stack gap="xs">
      <SimpleGrid
        cols={{ base: 1, xs: columns }}
        spacing={columns === 1 ? 8 : 'sm'}
        role="group"
        aria-label={T.list}
      >
        {goals.map(({ goal, humanReadableGoalName }) => {
          const { icon: Icon, label, color } = goalDisplay(goal);
          const checked = value.includes(goal);
          return (
            <Checkbox.Card
              key={goal}
              className={classes.card}
              radius="md"
              checked={checked}
              disabled={disabled || !isGoalSelectable(value, goal)}
              onChange={() => onChange(toggleGoal(value, goal))}
              aria-label={humanReadableGoalName}
              data-goal={goal}
            >
              <ThemeIcon variant={checked ? 'filled' : 'light'} color={color} size={34} radius="md">
                <Icon size={19} stroke={1.7} aria-hidden />
              </ThemeIcon>
              <div className={classes.text}>
                <Text size="sm" fw={600} lh={1.3}>
                  {humanReadableGoalName}
                </Text>
                <Text size="xs" c="dimmed" mt={1}>
                  {label}
                </Text>
              </div>
              <Checkbox.Indicator radius="xl" size="sm" mt={2} aria-hidden />
            </Checkbox.Card>
          );
        })}
      </SimpleGrid>
      <Group justify="space-between" gap="xs" aria-live="polite">
        <Text size="sm" c="dimmed" data-testid="goal-count">
          {T.chosen(value.length)}
        </Text>
        {atLimit ? (
          <Text size="sm" c="dimmed">
            {T.atLimit}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}
