// "Did you mean": the known word nearest to a mistyped command, action or option, by edit
// distance with transpositions (optimal string alignment: "cuont" is one step from "count").

/**
 * The number of single-character insertions, deletions, substitutions and swaps of two
 * neighbouring characters that turn `a` into `b` (each substring edited at most once).
 */
export function editDistance(a: string, b: string): number {
  // Three rows of the dynamic-programming table: the transposition looks two rows back.
  let before = new Array<number>(b.length + 1).fill(0)
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const current = [i]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let best = Math.min(
        (previous[j] as number) + 1,
        (current[j - 1] as number) + 1,
        (previous[j - 1] as number) + cost,
      )
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, (before[j - 2] as number) + 1)
      current.push(best)
    }
    before = previous
    previous = current
  }
  return previous[b.length] as number
}

/**
 * The candidate `input` most likely meant, or undefined when none is close: a word it begins
 * (`gen` → `generate`), else the nearest within a third of its length (at least one edit;
 * `generat` → `generate`, `creat` → `create`). Case is ignored; ties go to the earlier candidate.
 */
export function closest(input: string, candidates: readonly string[]): string | undefined {
  const typed = input.toLowerCase()
  if (typed.length === 0) return undefined
  if (typed.length >= 2) {
    const begun = candidates.find((candidate) => candidate.toLowerCase().startsWith(typed))
    if (begun !== undefined) return begun
  }
  const allowed = Math.max(1, Math.floor(typed.length / 3))
  let best: string | undefined
  let bestDistance = allowed + 1
  for (const candidate of candidates) {
    const distance = editDistance(typed, candidate.toLowerCase())
    if (distance < bestDistance) {
      best = candidate
      bestDistance = distance
    }
  }
  return best
}
