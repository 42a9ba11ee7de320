import { TAG_MAX_LENGTH, TAGS_MAX } from '@lamplight/contracts'
import { cn, Input } from '@lamplight/ui'
import { PlusIcon, XIcon } from '@lamplight/ui/icons'
import { type KeyboardEvent, useId, useMemo, useState } from 'react'

/**
 * Tags: pick one in use or create one, as a combobox. A tag is the same tag whatever its
 * case, so typing "bible" picks "Bible" (the API does the same on save).
 */
export function TagsInput({
  id,
  value,
  onChange,
  suggestions,
  invalid,
  describedBy,
}: {
  id: string
  value: string[]
  onChange: (tags: string[]) => void
  suggestions: string[]
  invalid?: boolean
  describedBy?: string
}) {
  const [text, setText] = useState('')
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const listId = useId()
  const typed = text.trim().slice(0, TAG_MAX_LENGTH)
  const chosen = useMemo(() => new Set(value.map((t) => t.toLowerCase())), [value])

  // The first option is what was typed (the tag in use that it names, case aside, or a new
  // one), so Enter adds exactly that; the other tags containing it follow, for the arrow
  // keys or a click. Listing the new tag last once made Enter add "Crossword" for "cross".
  const options = useMemo(() => {
    const needle = typed.toLowerCase()
    const exact = suggestions.find((s) => s.toLowerCase() === needle)
    const first =
      !typed || chosen.has(needle)
        ? []
        : [
            exact
              ? { label: exact, tag: exact, isNew: false }
              : { label: `Create "${typed}"`, tag: typed, isNew: true },
          ]
    const matches = suggestions
      .filter((s) => s !== exact && !chosen.has(s.toLowerCase()) && s.toLowerCase().includes(needle))
      .slice(0, 8)
    return [...first, ...matches.map((s) => ({ label: s, tag: s, isNew: false }))]
  }, [suggestions, chosen, typed])
  /** Whether the list's first option is the typed text (absent when that tag is already chosen). */
  const typedFirst = Boolean(typed) && !chosen.has(typed.toLowerCase())

  const add = (raw: string) => {
    const tag = raw.trim().slice(0, TAG_MAX_LENGTH)
    if (!tag || chosen.has(tag.toLowerCase()) || value.length >= TAGS_MAX) return
    const existing = suggestions.find((s) => s.toLowerCase() === tag.toLowerCase())
    onChange([...value, existing ?? tag])
    setText('')
    setActive(-1)
    setOpen(false)
  }

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault()
      setOpen(true)
      setActive((i) => Math.min(i + 1, options.length - 1))
    } else if (event.key === 'ArrowUp') {
      event.preventDefault()
      setActive((i) => Math.max(i - 1, typedFirst ? 0 : -1))
    } else if (event.key === 'Enter' || event.key === ',') {
      if (!typed && event.key === 'Enter') return
      event.preventDefault()
      // A suggestion only when one was chosen with the arrows; else what was typed.
      const option = open && active >= 0 ? options[active] : undefined
      add(option?.tag ?? typed)
    } else if (event.key === 'Escape') {
      setOpen(false)
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1))
    }
  }

  // The list opens as one types (or with the down arrow), and closes once a tag is added.
  const showList = open && options.length > 0
  return (
    <div className="grid gap-2">
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-2" aria-label="Chosen tags">
          {value.map((tag) => (
            <li
              key={tag}
              className="inline-flex items-center gap-1 rounded-full border border-border bg-secondary py-0.5 pr-1 pl-3 text-sm text-secondary-foreground"
            >
              {tag}
              <button
                type="button"
                className="inline-flex size-6 items-center justify-center rounded-full hover:bg-background focus-visible:outline-2 focus-visible:outline-ring"
                aria-label={`Remove tag ${tag}`}
                onClick={() => onChange(value.filter((t) => t !== tag))}
              >
                <XIcon aria-hidden className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <Input
          id={id}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          placeholder={value.length >= TAGS_MAX ? `At most ${TAGS_MAX} tags` : 'Type a tag, then Enter'}
          disabled={value.length >= TAGS_MAX}
          value={text}
          maxLength={TAG_MAX_LENGTH}
          onChange={(e) => {
            const next = e.target.value.trim().toLowerCase()
            setText(e.target.value)
            setOpen(true)
            // The typed text is highlighted; when its tag is already chosen, nothing is.
            setActive(next && !chosen.has(next) ? 0 : -1)
          }}
          onBlur={() => setTimeout(() => setOpen(false), 150)}
          onKeyDown={onKeyDown}
        />
        <div
          id={listId}
          role="listbox"
          aria-label="Tags"
          hidden={!showList}
          className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-border bg-popover p-1 text-popover-foreground shadow-md"
        >
          {options.map((option, i) => (
            <div
              key={`${option.isNew}-${option.tag}`}
              id={`${listId}-${i}`}
              role="option"
              tabIndex={-1}
              aria-selected={i === active}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded-sm px-2 py-1.5 text-sm',
                i === active && 'bg-accent text-accent-foreground',
              )}
              onMouseDown={(e) => {
                e.preventDefault()
                add(option.tag)
              }}
              onMouseEnter={() => setActive(i)}
            >
              {option.isNew && <PlusIcon aria-hidden className="size-4" />}
              {option.label}
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}
