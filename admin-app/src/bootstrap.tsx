import { mountConsole } from './console/console-app'

// Standalone (the dev harness and the separately deployed console): the console's own chrome and sign-in.
mountConsole()
