// The few DOM helpers the page's script shares: finding and making elements, copying to the
// clipboard, telling screen readers what happened, and marking finished runs for the tests.

export const $ = <T extends HTMLElement>(id: string): T => document.getElementById(id) as T

export function element<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  props: Partial<HTMLElementTagNameMap[K]> & { className?: string } = {},
  children: (Node | string)[] = [],
): HTMLElementTagNameMap[K] {
  const node = Object.assign(document.createElement(tag), props)
  node.append(...children)
  return node
}

/**
 * Says `text` in the page's status region (role="status"), which screen readers read out; the
 * same words again only when `again` (a regeneration at every key typed in a setting would
 * otherwise repeat them at every key).
 */
export function announce(text: string, again = true): void {
  const status = $('status')
  if (again || status.textContent !== text) status.textContent = text
}

/** Copies `text`, and says so on the button for a moment and to screen readers. */
export async function copyText(text: string, button: HTMLButtonElement, what: string): Promise<void> {
  try {
    await navigator.clipboard.writeText(text)
  } catch {
    // No clipboard API (an insecure origin, an old browser): the selection way.
    const area = element('textarea', { value: text })
    document.body.append(area)
    area.select()
    document.execCommand('copy')
    area.remove()
  }
  const label = button.dataset['label'] ?? (button.dataset['label'] = button.textContent ?? '')
  button.textContent = 'Copied'
  announce(`Copied ${what}`)
  setTimeout(() => (button.textContent = label), 1200)
}

/**
 * Generation and validation may wait for a country's bank data: each run is numbered, only the
 * latest one shows its result, and the page marks which run it started and which it finished
 * (data-generating/data-generated, data-validating/data-validated) so that tests can wait for it.
 */
export function mark(name: string, run: number): void {
  document.documentElement.dataset[name] = String(run)
}
