import { useEffect, useState } from 'react';
import { dueCelebration, noteCelebrated, type Occasion } from '@/lib/celebrations';

/**
 * The occasion to celebrate for this member now: one that applies and was not celebrated on
 * this device before. Once shown it is remembered, so a reload does not bring it back.
 */
export function useCelebration(memberId: string, occasion: Occasion | null): [Occasion | null, () => void] {
  const [active, setActive] = useState<Occasion | null>(null);
  const [considered, setConsidered] = useState<string | null>(null);
  const key = memberId && occasion ? `${memberId}|${occasion.key}` : null;
  if (key !== considered) {
    setConsidered(key);
    const due = dueCelebration(memberId, occasion);
    if (due) setActive(due);
  }
  useEffect(() => {
    if (active) noteCelebrated(memberId, active.key);
  }, [active, memberId]);
  return [active, () => setActive(null)];
}
