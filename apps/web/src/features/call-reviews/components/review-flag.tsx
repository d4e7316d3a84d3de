import type { FlagLevel } from '@agaton/contracts';
import { Badge } from '@mantine/core';
import { FLAG_STYLE } from '../../qa/utils/flags';
import { CALL_REVIEW_TEXTS as T } from '../texts';

/** A flag as the QA pages colour it (features/qa), with this feature's label; never shrunk. */
export function ReviewFlag({ flag, size = 'sm' }: { flag: FlagLevel; size?: 'xs' | 'sm' | 'md' }) {
  return (
    <Badge
      color={FLAG_STYLE[flag].color}
      variant={flag === 'UNSPECIFIED' ? 'light' : 'filled'}
      size={size}
      style={{ flexShrink: 0 }}
      data-flag={flag}
    >
      {T.flags[flag]}
    </Badge>
  );
}
