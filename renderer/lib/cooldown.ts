// A channel or key that failed recently is skipped by the relay's routing until its
// cooldown ends (`cooldown_until`, ms): said as "Cooling down, retried in 40 s".
import { useEffect, useState } from 'react';
import { i18n } from '../i18n/index.js';

/** How long until `until`, rounded up: "40 s", or "3 min" from two minutes on. */
export function waitText(until: number, now: number): string {
  const seconds = Math.max(1, Math.ceil((until - now) / 1000));
  return seconds < 120 ? i18n.t('common:wait.seconds', { n: seconds }) : i18n.t('common:wait.minutes', { n: Math.ceil(seconds / 60) });
}

export function cooldownText(until: number, failures: number, now: number): string {
  return i18n.t('common:cooldown', { count: failures, wait: waitText(until, now) });
}

/** The time now, ticking each second while `until` is ahead, so a countdown counts down and then goes. */
export function useCooldownClock(until: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    if (!(until > Date.now())) return;
    const timer = setInterval(() => {
      const time = Date.now();
      setNow(time);
      if (time >= until) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  return now;
}
