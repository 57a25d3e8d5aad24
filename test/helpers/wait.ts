// Waiting for a condition instead of sleeping a fixed time: tests wait exactly as long as the
// system needs (and fail with a message when it never gets there), rather than guessing.

export interface WaitOptions {
  /** Give up after this many milliseconds (default 5,000). */
  timeout?: number
  /** Check this often (default every 20 ms). */
  interval?: number
  /** What is awaited, for the error when it never happens. */
  message?: string
}

/**
 * Resolves with the condition's first truthy result (a thrown error counts as not yet);
 * rejects when the timeout passes first, with the last error as its cause.
 */
export async function waitFor<T>(
  condition: () => T | Promise<T>,
  { timeout = 5_000, interval = 20, message = 'the condition' }: WaitOptions = {},
): Promise<NonNullable<T>> {
  const deadline = performance.now() + timeout
  let last: unknown
  for (;;) {
    try {
      const value = await condition()
      if (value !== undefined && value !== null && value !== false) return value
    } catch (error) {
      last = error
    }
    if (performance.now() > deadline)
      throw new Error(`timed out after ${timeout} ms waiting for ${message}`, { cause: last })
    await new Promise((resolve) => setTimeout(resolve, interval))
  }
}

/** The number of open connections of a node:http server. */
export function connectionsOf(server: {
  getConnections(callback: (error: Error | null, count: number) => void): void
}): Promise<number> {
  return new Promise((resolve, reject) =>
    server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
  )
}
