// Cuts the connection of a response whose client has taken none of its bytes for the idle
// timeout while bytes were waiting for it (a reader that stopped reading a download), which
// also cancels the stream's remaining batches. Time in which nothing waited to be sent (the
// server still making the next batch) is the server's, and does not count.
//
// Node's socket timeout cannot tell this: when it fires, it lets a socket live one more period
// if its unsent queue shrank since the last one, so a client that stopped reading a download
// was cut after about 120 s, not the documented 60 s (Node 20 and 24). Here the socket's unsent
// bytes (Node's buffer and libuv's queue) are sampled every fortieth of the timeout: the cut
// comes at most 2.5% after the timeout.
import type { ServerResponse } from 'node:http'
import type { Socket } from 'node:net'

/** The bytes a socket holds that its peer has not taken yet: Node's buffer, then libuv's write queue. */
function unsentOf(socket: Socket): number {
  // writeQueueSize: what libuv still has to hand to the kernel (the field Node's own timeout reads).
  const queued = (socket as unknown as { _handle?: { writeQueueSize?: number } | null })._handle?.writeQueueSize ?? 0
  return socket.writableLength + queued
}

/** Guards `res` until it closes: its connection is destroyed after `idleMs` without progress while bytes wait. */
export function guardIdle(res: ServerResponse, idleMs: number): void {
  const socket = res.socket
  if (socket === null || idleMs <= 0) return
  const step = Math.min(1_500, Math.max(25, Math.floor(idleMs / 40)))
  let stalledSince = performance.now()
  let lastUnsent = unsentOf(socket)
  let lastWritten = socket.bytesWritten
  const timer = setInterval(() => {
    const unsent = unsentOf(socket)
    const written = socket.bytesWritten
    const now = performance.now()
    // Progress: nothing waits (the server is the slow one), the client took bytes, or more were written.
    if (unsent === 0 || unsent < lastUnsent || written !== lastWritten) stalledSince = now
    else if (now - stalledSince >= idleMs) {
      clearInterval(timer)
      socket.destroy()
      return
    }
    lastUnsent = unsent
    lastWritten = written
  }, step)
  timer.unref()
  res.once('close', () => clearInterval(timer))
}
