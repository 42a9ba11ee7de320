import { type ClassValue, clsx } from 'clsx'
import { mergeClasses } from './merge-classes'

/** Joins class values (clsx); a later Tailwind class replaces an earlier one it conflicts with. */
export function cn(...inputs: ClassValue[]) {
  return mergeClasses(clsx(inputs))
}
