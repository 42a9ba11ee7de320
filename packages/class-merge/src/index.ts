export { mergeClasses } from './merge-classes'
