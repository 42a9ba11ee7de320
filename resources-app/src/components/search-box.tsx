import { cn, Form, Input } from '@lamplight/ui'
import { SearchIcon } from '@lamplight/ui/icons'
import { type FormEvent, type ReactNode, type Ref, useId } from 'react'

/** The API refuses longer searches. */
export const MAX_SEARCH_LENGTH = 200

/** A search field with its icon; `label` is read to screen readers, the placeholder is shown. */
export function SearchBox({
  value,
  onChange,
  onSubmit,
  label = 'Search resources',
  placeholder = 'Search resources...',
  className,
  children,
  inputRef,
}: {
  value: string
  onChange: (value: string) => void
  onSubmit?: (value: string) => void
  label?: string
  placeholder?: string
  className?: string
  /** A submit button or other controls beside the field. */
  children?: ReactNode
  inputRef?: Ref<HTMLInputElement>
}) {
  const id = useId()
  // What was typed before hydration is adopted by Input itself (@lamplight/ui, typed-before-hydration).
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault()
    onSubmit?.(value)
  }
  return (
    <search className={cn('w-full', className)}>
      <Form onSubmit={submit} className="flex w-full gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <div className="relative flex-1">
          <SearchIcon
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          />
          <Input
            ref={inputRef}
            id={id}
            type="search"
            value={value}
            maxLength={MAX_SEARCH_LENGTH}
            placeholder={placeholder}
            autoComplete="off"
            enterKeyHint="search"
            onChange={(event) => onChange(event.target.value)}
            className="pl-9"
          />
        </div>
        {children}
      </Form>
    </search>
  )
}
