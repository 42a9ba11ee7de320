import { PORTAL_STORAGE_KEYS, type PortalFragment } from '@lamplight/contracts'

/**
 * A visitor's portal lives in this browser (spec, section 3): the signed pass the server
 * gave for the access code (`puzzle-portal-access`) and, per fragment, what they solved
 * (`scroll_progress`) with the server's signed receipts, so the progress can be merged
 * into an account at sign-in. Signed-in progress is on the server and never kept here.
 */
export type LocalFragment = {
  completed: boolean
  scrollLine: string | null
  bonusRevealed: boolean
  bonusAnswer: string | null
  hintsRevealed: number
  receipts: string[]
}
export type LocalProgress = Record<string, LocalFragment>

const EMPTY: LocalFragment = {
  completed: false,
  scrollLine: null,
  bonusRevealed: false,
  bonusAnswer: null,
  hintsRevealed: 0,
  receipts: [],
}

function read<T>(key: string): T | null {
  try {
    const text = window.localStorage.getItem(key)
    return text ? (JSON.parse(text) as T) : null
  } catch {
    return null
  }
}

/** Fired on this window whenever the portal's storage changes, so the page re-reads it. */
const CHANGED = 'lamplight:portal-storage'
const changed = () => window.dispatchEvent(new Event(CHANGED))

function write(key: string, value: unknown) {
  try {
    window.localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // Private mode or a full disk: the portal still works for this visit.
  }
  changed()
}

/** For useSyncExternalStore: this tab's writes and other tabs' alike. */
export function subscribeToPortalStorage(onChange: () => void) {
  window.addEventListener(CHANGED, onChange)
  window.addEventListener('storage', onChange)
  return () => {
    window.removeEventListener(CHANGED, onChange)
    window.removeEventListener('storage', onChange)
  }
}

/** The stored progress as text: a stable snapshot that changes only when the storage does. */
export function portalStorageSnapshot(): string {
  try {
    return window.localStorage.getItem(PORTAL_STORAGE_KEYS.progress) ?? ''
  } catch {
    return ''
  }
}

export function readPortalPass(): string | null {
  const stored = read<{ granted?: boolean; token?: string }>(PORTAL_STORAGE_KEYS.access)
  return stored?.granted && typeof stored.token === 'string' ? stored.token : null
}

export function savePortalPass(token: string) {
  write(PORTAL_STORAGE_KEYS.access, { granted: true, token })
}

export function readLocalProgress(): LocalProgress {
  const stored = read<LocalProgress>(PORTAL_STORAGE_KEYS.progress)
  return stored && typeof stored === 'object' ? stored : {}
}

export function updateLocalFragment(id: string, change: (f: LocalFragment) => Partial<LocalFragment>) {
  const all = readLocalProgress()
  const current = { ...EMPTY, ...all[id] }
  all[id] = { ...current, ...change(current) }
  write(PORTAL_STORAGE_KEYS.progress, all)
}

export function clearLocalProgress() {
  try {
    window.localStorage.removeItem(PORTAL_STORAGE_KEYS.progress)
  } catch {
    // nothing kept, nothing to clear
  }
  changed()
}

export function clearPortalPass() {
  try {
    window.localStorage.removeItem(PORTAL_STORAGE_KEYS.access)
  } catch {
    // as above
  }
}

/** The server's fragments with a visitor's local solves laid over them. */
export function withLocalProgress(fragments: PortalFragment[], local: LocalProgress): PortalFragment[] {
  return fragments.map((f) => {
    const mine = local[f.id]
    if (!mine) return f
    return {
      ...f,
      completed: f.completed || mine.completed,
      scrollLine: f.scrollLine ?? mine.scrollLine,
      bonusRevealed: f.bonusRevealed || mine.bonusRevealed,
      bonusAnswer: f.bonusAnswer ?? mine.bonusAnswer,
      hintsRevealed: Math.min(f.hints.length, Math.max(f.hintsRevealed, mine.hintsRevealed)),
    }
  })
}

/** What a merge at sign-in sends: the pass, every receipt and the hints seen. */
export function mergePayload() {
  const local = readLocalProgress()
  return {
    token: readPortalPass(),
    receipts: Object.values(local).flatMap((f) => f.receipts ?? []),
    hintsRevealed: Object.fromEntries(Object.entries(local).map(([id, f]) => [id, f.hintsRevealed ?? 0])),
  }
}

export const hasLocalPortal = () => readPortalPass() !== null || Object.keys(readLocalProgress()).length > 0
