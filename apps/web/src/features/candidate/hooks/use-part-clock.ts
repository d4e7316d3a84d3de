import { useEffect, useMemo, useState } from 'react';
import { secondsLeft, serverOffsetMs } from '../utils/test-view';

/**
 * Seconds left on a part's clock, counted against the server's time (offset = serverTime − our clock
 * when the status arrived), so a wrong computer clock neither shortens nor lengthens the part. Null
 * when no clock runs.
 */
export function usePartClock(deadline: string | null, serverTime: string): number | null {
  const offset = useMemo(() => serverOffsetMs(serverTime), [serverTime]);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!deadline) return;
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [deadline]);
  return deadline ? secondsLeft(deadline, offset, now) : null;
}
