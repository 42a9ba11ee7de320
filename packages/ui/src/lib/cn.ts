// By the package's name, not a relative path: Module Federation shares a module by the
// bare specifier it is imported with, so a remote takes the shell's copy of the merger.
import { mergeClasses } from '@lamplight/class-merge'
import { type ClassValue, clsx } from 'clsx'

/** Joins class values (clsx); a later Tailwind class replaces an earlier one it conflicts with. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
