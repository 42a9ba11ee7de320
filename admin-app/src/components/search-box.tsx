import { Input } from '@lamplight/ui'
import { SearchIcon } from '@lamplight/ui/icons'
import { useEffect, useState } from 'react'

/** A search field that reports what was typed once typing pauses. */
export function SearchBox({
  id,
  label,
  value,
  onSearch,
  placeholder,
  delay = 300,
}: {
  id?: string
  label: string
  value: string
  onSearch: (value: string) => void
  placeholder?: string
  delay?: number
}) {
  const [text, setText] = useState(value)
  useEffect(() => setText(value), [value])
  useEffect(() => {
    if (text.trim() === value.trim()) return
    const timer = setTimeout(() => onSearch(text.trim()), delay)
    return () => clearTimeout(timer)
  }, [text, value, onSearch, delay])
  return (
    <div className="relative w-full sm:max-w-sm">
      <SearchIcon
        aria-hidden
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
      />
      <Input
        id={id}
        type="search"
        aria-label={id ? undefined : label}
        placeholder={placeholder ?? label}
        className="pl-9"
        value={text}
        maxLength={200}
        onChange={(event) => setText(event.target.value)}
      />
    </div>
  )
}
