// Async boundary: shared singletons are settled before any of them is evaluated.
import('./bootstrap')
