import type { FlagLevel } from '@agaton/contracts';
import { Badge } from '@mantine/core';
import { FLAG_STYLE } from '../utils/flags';

/** A flag level as a coloured badge: red, yellow, green, or grey when nothing applied; never shrunk. */
export function FlagBadge({ flag, size = 'sm' }: { flag: FlagLevel; size?: 'xs' | 'sm' | 'md' }) {
  const style = FLAG_STYLE[flag];
  return (
    <Badge
      color={style.color}
      variant={flag === 'UNSPECIFIED' ? 'light' : 'filled'}
      size={size}
      // Beside a long question or title it keeps its width: 'YELLOW', never 'YEL…'.
      style={{ flexShrink: 0 }}
      data-flag={flag}
    >
      {style.label}
    </Badge>
  );
}
