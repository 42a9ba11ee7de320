import { type ClassValue, clsx } from 'clsx'
import { twMerge } from 'tailwind-merge'

export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs))
}

/**
 * tailwind-merge builds its tables of Tailwind's classes on its first call: 10-15 ms on a
 * laptop, four times that on a slow phone. Called in a task of its own before hydration,
 * so that cost is not added to the first component that renders a class name (the
 * header's logo), which made that slice of hydration the page's longest task.
 */
export function prepareClassMerge(): void {
  twMerge('p-0')
}
