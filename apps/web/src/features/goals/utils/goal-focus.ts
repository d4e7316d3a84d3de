import { type GoalFocus, type GoalId, goalById } from '@agaton/contracts';
import {
  IconBooks,
  IconCertificate,
  IconClockPause,
  IconEar,
  IconGauge,
  IconMessageCircleOff,
  type IconProps,
  IconSpeakerphone,
  IconTarget,
  IconWaveSine,
} from '@tabler/icons-react';
import type { ComponentType } from 'react';

type GoalIcon = ComponentType<IconProps>;

/** One icon and one short caption per area of the analysis a goal is measured by. */
export const FOCUS_DISPLAY: Record<GoalFocus, { icon: GoalIcon; label: string; color: string }> = {
  pronunciation: { icon: IconWaveSine, label: 'Pronunciation', color: 'brand' },
  fillers: { icon: IconMessageCircleOff, label: 'Filler words', color: 'grape' },
  pace: { icon: IconGauge, label: 'Speaking pace', color: 'cyan' },
  fluency: { icon: IconClockPause, label: 'Fluency', color: 'teal' },
  intelligibility: { icon: IconEar, label: 'Intelligibility', color: 'indigo' },
  confidence: { icon: IconSpeakerphone, label: 'Confidence', color: 'orange' },
  vocabulary: { icon: IconBooks, label: 'Vocabulary', color: 'green' },
  'test-prep': { icon: IconCertificate, label: 'Test preparation', color: 'pink' },
};

/** Icon and caption of a goal; a goal the web build does not know yet gets a plain target. */
export function goalDisplay(goal: GoalId) {
  const focus = goalById(goal)?.focus;
  return focus ? FOCUS_DISPLAY[focus] : { icon: IconTarget, label: 'Goal', color: 'gray' };
}
