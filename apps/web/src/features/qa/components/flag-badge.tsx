import type { FlagLevel } from '@agaton/contracts';
import { Badge } from '@mantine/core';
import { FLAG_STYLE } from '../utils/flags';

/** A flag level as a coloured badge: red, yellow, green, or grey when nothing applied. */
export function FlagBadge({ flag, size = 'sm' }: { flag: FlagLevel; size?: 'xs' | 'sm' | 'md' }) {
  const style = FLAG_STYLE[flag];
  return (
    <Badge
      color={style.color}
      variant={flag === 'UNSPECIFIED' ? 'light' : 'filled'}
      size={size}
      data-flag={flag}
    >
      {style.label}
    </Badge>
  );
}
