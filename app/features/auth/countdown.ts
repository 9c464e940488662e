import { useEffect, useState } from 'react'
import { COUNTDOWN_TICK_MS } from '#domain/constants'

/** Seconds left before another code may be asked for, ticking down once a second. */
export function useCountdown(seconds: number | undefined, key: unknown) {
  const [left, setLeft] = useState(seconds ?? 0)
  useEffect(() => {
    setLeft(seconds ?? 0)
    if (!seconds) return
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), COUNTDOWN_TICK_MS)
    return () => clearInterval(timer)
  }, [seconds, key])
  return left
}
